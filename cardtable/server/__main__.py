"""`python -m cardtable.server`: the same as `cardtable serve`."""

from cardtable.server.command import serve

if __name__ == "__main__":
    serve(prog_name="python -m cardtable.server")
