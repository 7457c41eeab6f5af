"""The Forbidden Memories duel's parts of the table server: its card catalogue, farm planner, Free
Duel reward, duelist and deck set-up of a table, and the browser campaign."""
