"""`cardtable serve`: start the table server (Starlette on uvicorn) and print the address to open."""

from __future__ import annotations

import ipaddress
import logging
import os
import socket
import sys
from pathlib import Path

import click

from cardtable.core.errors import CardtableError
from cardtable.server.limits import SEARCH_PRIORITIES, Limits

#: The database's name in the user's data directory, when --db is not given.
DATABASE_NAME = "tables.sqlite"
#: The key's name in the user's data directory for a PostgreSQL database, when --key is not given.
POSTGRES_KEY_NAME = "postgres.key"


def default_database() -> Path:
    """tables.sqlite in the user's data folder (`cardtable.core.paths.data_folder`)."""
    from cardtable.core.paths import data_folder

    return data_folder() / DATABASE_NAME


def shown(target: str) -> str:
    """A --db as a message may show it: a PostgreSQL address without its password."""
    from cardtable.server.storage import is_postgres

    if not is_postgres(target):
        return target
    from cardtable.server.postgres_storage import without_password

    return without_password(target)


def listening_socket(host: str, port: int) -> socket.socket:
    """A socket bound to host and port (0: a free port) and listening already."""
    from cardtable.server.sockets import ListeningSocket

    family, kind, protocol, _, address = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0]
    sock = ListeningSocket(family, kind, protocol)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(address)
    sock.listen(2048)
    sock.set_inheritable(True)
    return sock


def address_of(sock: socket.socket) -> str:
    """The http address a socket listens at."""
    host, port = sock.getsockname()[:2]
    return f"http://[{host}]:{port}/" if ":" in host else f"http://{host}:{port}/"


def is_loopback(host: str) -> bool:
    """Whether a --host listens on this machine alone."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def default_public_url(sock: socket.socket) -> str:
    """The address links name when --public-url is not given: the one listened on (this machine's name
    for a wildcard address, which nobody can open)."""
    host, port = sock.getsockname()[:2]
    if ipaddress.ip_address(host).is_unspecified:
        return f"http://{socket.gethostname()}:{port}"
    return address_of(sock)


@click.command("serve")
@click.option(
    "--host", default="127.0.0.1", show_default=True, help="Address to listen on (loopback only by default)."
)
@click.option(
    "--port", default=8000, show_default=True, type=click.IntRange(0, 65535), help="Port (0: any free one)."
)
@click.option(
    "--public-url",
    default=None,
    metavar="URL",
    help="The address people open (https://... behind a TLS proxy); links are built from it "
    "[default: the address listened on].",
)
@click.option(
    "--db",
    "database",
    metavar="FILE|URL",
    default=None,
    help=f"SQLite file of the tables, or a PostgreSQL database (postgresql://...) that several server "
    f"processes may share [default: {DATABASE_NAME} in the user data directory].",
)
@click.option(
    "--key",
    "key_path",
    type=click.Path(dir_okay=False, path_type=Path),
    default=None,
    help="File of the key that seals the tables' secrets, made on first use; every process on one "
    f"database needs the same one [default: beside the SQLite file; for PostgreSQL, {POSTGRES_KEY_NAME} "
    "in the user data directory].",
)
@click.option(
    "--limit",
    "limits",
    multiple=True,
    metavar="NAME=VALUE",
    help="Change a limit (repeatable); docs/server.md lists them.",
)
@click.option(
    "--workers",
    type=click.IntRange(1, 64),
    default=None,
    help="Processes for the quick bots [default: one per core].",
)
@click.option(
    "--search-workers",
    type=click.IntRange(1, 64),
    default=2,
    show_default=True,
    help="Processes for tree-search bots.",
)
@click.option(
    "--search-priority",
    type=click.Choice(SEARCH_PRIORITIES),
    default="idle",
    show_default=True,
    help="idle: searches run only on processor time nothing else wants (a host of its own); low: at "
    "a lower nice level alone, keeping a share of a host busy with other programs.",
)
@click.option("--durable", is_flag=True, help="Flush every action to disk (survives power loss, slower).")
@click.option(
    "--log-level",
    type=click.Choice(["debug", "info", "warning", "error"]),
    default="warning",
    show_default=True,
    help="How much the server logs.",
)
def serve(
    host: str,
    port: int,
    public_url: str | None,
    database: str | None,
    key_path: Path | None,
    limits: tuple[str, ...],
    workers: int | None,
    search_workers: int,
    search_priority: str,
    durable: bool,
    log_level: str,
) -> None:
    """Serve tables to play online: people by invitation links, bots in worker processes."""
    import uvicorn

    from cardtable.server.app import create_app
    from cardtable.server.guard import Site
    from cardtable.server.logs import throttle_logs
    from cardtable.server.sockets import SocketGate, fit_descriptors, guarded_protocols
    from cardtable.server.storage import is_postgres, open_storage

    try:
        settings = fit_descriptors(Limits.from_assignments(limits))
    except CardtableError as error:
        raise click.BadParameter(str(error), param_hint="--limit") from None
    try:
        site = Site.at(public_url) if public_url is not None else None
    except CardtableError as error:
        raise click.BadParameter(str(error), param_hint="--public-url") from None
    target = database or str(default_database())
    if is_postgres(target) and key_path is None:
        key_path = default_database().with_name(POSTGRES_KEY_NAME)
    try:
        sock = listening_socket(host, port)
    except OSError as error:
        raise click.ClickException(f"cannot listen on {host}:{port}: {error.strerror or error}") from None
    site = site or Site.at(default_public_url(sock))
    try:
        storage = open_storage(target, durable=durable, key_path=key_path)
    except Exception as error:
        raise click.ClickException(f"cannot open the database {shown(target)!r}: {error}") from None
    logging.basicConfig(level=log_level.upper(), format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    # The other processes on a shared database reach this one at the address it listens on.
    app = create_app(
        storage,
        settings,
        workers or os.cpu_count() or 1,
        search_workers,
        site,
        default_public_url(sock),
        search_priority,
    )
    http, websocket = guarded_protocols(SocketGate(settings))
    config = uvicorn.Config(
        app,
        http=http,
        ws=websocket,
        timeout_keep_alive=settings.keep_alive_seconds,
        log_level=log_level,
        access_log=False,
        ws_max_size=settings.max_frame_bytes,
        # Frames are small and mostly on fast links; compressing each one costs more than it saves.
        ws_per_message_deflate=False,
        timeout_graceful_shutdown=3,
    )
    # uvicorn's own logging is set up by its Config: its handlers, and the root's, are throttled after.
    throttle_logs("uvicorn")
    if not is_loopback(host):
        click.echo(
            f"cardtable serve: warning: listening on {host} serves plain HTTP, without TLS: seats' tokens "
            "cross the network in the clear. Put a TLS reverse proxy in front and give --public-url "
            "https://... (docs/server.md, 'Beyond your own machine').",
            err=True,
        )
    listening = address_of(sock)
    where = "" if site.url + "/" == listening else f"listening on {listening}, "
    click.echo(f"cardtable serve: open {site.url}/ ({where}tables kept in {storage.database.where})")
    sys.stdout.flush()
    uvicorn.Server(config).run(sockets=[sock])
