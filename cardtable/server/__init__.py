"""The table server: tables, seats and tokens, the protocol, storage and bot workers (`cardtable serve`).

The only place that holds states for the people it serves: each connection
is sent what its seat's view shows, and nothing else (docs/server.md).
"""
