"""`python -m cardtable` runs the command line."""

from cardtable.frontends.cli import main

main()
