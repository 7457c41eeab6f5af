"""Sealing: a secret part of a file encrypted and authenticated with a key the file does not hold.

A saved unfinished game keeps its seed, its start position and its actions
sealed, so that the file alone shows no hidden card (`core/replay.py`).  The
standard library has no cipher, so the seal is built from HMAC-SHA256 used as
a pseudo-random function, in two well-known steps:

- encryption in counter mode: the keystream is HMAC(encryption key, block
  number), XORed with the text;
- authentication after encryption: a tag, HMAC(authentication key, label,
  associated data, ciphertext), checked before anything is decrypted.

Both keys are derived from the user's key, the file's nonce (random, new at
every save) and the part's label (which line of the file), so no keystream
is ever used twice and a sealed part cannot be moved to another line or file.
The associated data (for a save: its header in the clear) is bound by the tag
without being encrypted, so it cannot be edited either.

A sealed text shows its length.  Where that tells a secret (which action a
stored row is), `seal_padded` first brings the text up to one of a few sizes
(a power of two, 32 bytes at least): a 0x80 byte, then zeros.  Its result
starts with `PADDED`, outside base64's alphabet, and its label says so too,
so a padded seal cannot be passed off as a plain one or the other way round;
`open_sealed` opens both.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import os
import secrets
import stat
from pathlib import Path

#: Bytes of a key: 256 bits.
KEY_BYTES = 32
#: Bytes of a nonce, drawn anew for every file.
NONCE_BYTES = 16
#: Bytes of an authentication tag: 128 bits.
TAG_BYTES = 16
_BLOCK = hashlib.sha256().digest_size
#: The smallest size a padded text is brought up to; the others are its powers of two.
PAD_BYTES = 32
#: The start of a padded seal.
PADDED = "p:"


class BrokenSealError(ValueError):
    """A sealed part that was altered, or sealed with another key."""


class KeyFileError(ValueError):
    """A key file that cannot be read, written or trusted: the message names it and the reason."""


def new_key() -> bytes:
    """A fresh random key."""
    return secrets.token_bytes(KEY_BYTES)


def new_nonce() -> bytes:
    """A fresh random nonce, one per sealed file."""
    return secrets.token_bytes(NONCE_BYTES)


def load_key(path: Path, create: bool = True) -> bytes | None:
    """The key kept in a file (hex, readable by its owner alone), made on first use when `create`.

    None when there is no file and `create` is false; KeyFileError if it cannot be read or written, or if
    other users may read it.
    """
    if not path.exists():
        if not create:
            return None
        _write_new_key(path)
    if os.name == "posix" and path.stat().st_mode & (stat.S_IRWXG | stat.S_IRWXO):
        raise KeyFileError(f"the key file {path} can be read by other users: make it yours alone (chmod 600)")
    try:
        key = bytes.fromhex(path.read_text(encoding="ascii").strip())
    except (OSError, UnicodeDecodeError, ValueError) as error:
        raise KeyFileError(f"cannot read the key file {path}: {error}") from None
    if len(key) != KEY_BYTES:
        raise KeyFileError(f"the key file {path} is damaged: expected {KEY_BYTES * 2} hex digits")
    return key


def _write_new_key(path: Path) -> None:
    """Write a new key readable by its owner alone; if another process wrote one first, keep theirs."""
    try:
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
        handle = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        try:
            with os.fdopen(handle, "w", encoding="ascii") as stream:
                stream.write(new_key().hex() + "\n")
                stream.flush()
                os.fsync(stream.fileno())
            # A hard link never replaces a key another process has just written.
            os.link(temporary, path)
        except FileExistsError:
            pass
        finally:
            temporary.unlink(missing_ok=True)
    except OSError as error:
        raise KeyFileError(f"cannot write the key file {path}: {error.strerror or error}") from None


def key_id(key: bytes) -> str:
    """A short public name of a key, to tell "another key" from "altered" (it reveals nothing of the key)."""
    return _mac(key, b"cardtable key id")[:4].hex()


def seal(key: bytes, nonce: bytes, label: str, text: bytes, associated: bytes = b"") -> str:
    """`text` encrypted and authenticated (with `associated` bound to it), as base64."""
    cipher = _xor(text, _keystream(key, nonce, label, len(text)))
    return base64.b64encode(cipher + _tag(key, nonce, label, associated, cipher)).decode("ascii")


def unseal(key: bytes, nonce: bytes, label: str, sealed: str, associated: bytes = b"") -> bytes:
    """The text `seal` sealed with this key, nonce, label and associated data (else BrokenSealError)."""
    try:
        data = base64.b64decode(sealed.encode("ascii"), validate=True)
    except (binascii.Error, UnicodeEncodeError):
        raise BrokenSealError("the sealed part is not base64") from None
    if len(data) < TAG_BYTES:
        raise BrokenSealError("the sealed part is too short")
    cipher, tag = data[:-TAG_BYTES], data[-TAG_BYTES:]
    if not hmac.compare_digest(tag, _tag(key, nonce, label, associated, cipher)):
        raise BrokenSealError("the sealed part does not match its tag")
    return _xor(cipher, _keystream(key, nonce, label, len(cipher)))


def seal_padded(key: bytes, nonce: bytes, label: str, text: bytes, associated: bytes = b"") -> str:
    """`text` padded to its size (`padded_size`), then sealed as `seal` does, marked as padded."""
    padding = b"\x80" + bytes(padded_size(len(text)) - len(text) - 1)
    return PADDED + seal(key, nonce, _padded_label(label), text + padding, associated)


def open_sealed(key: bytes, nonce: bytes, label: str, sealed: str, associated: bytes = b"") -> bytes:
    """The text of a seal made by `seal` or by `seal_padded` (else BrokenSealError)."""
    if not sealed.startswith(PADDED):
        return unseal(key, nonce, label, sealed, associated)
    text = unseal(key, nonce, _padded_label(label), sealed[len(PADDED) :], associated).rstrip(b"\0")
    if not text.endswith(b"\x80"):
        raise BrokenSealError("the sealed part's padding is damaged")
    return text[:-1]


def padded_size(length: int) -> int:
    """The size a text of `length` bytes is padded to: the least power of two from PAD_BYTES above it."""
    size = PAD_BYTES
    while size <= length:
        size *= 2
    return size


def _padded_label(label: str) -> str:
    return f"{label} (padded)"


def _mac(key: bytes, *parts: bytes) -> bytes:
    # Each part is prefixed by its length, so that no two lists of parts give the same input.
    message = b"".join(len(part).to_bytes(8, "big") + part for part in parts)
    return hmac.new(key, message, hashlib.sha256).digest()


def _keystream(key: bytes, nonce: bytes, label: str, length: int) -> bytes:
    encryption_key = _mac(key, b"encrypt", nonce, label.encode())
    blocks = (length + _BLOCK - 1) // _BLOCK
    stream = b"".join(_mac(encryption_key, counter.to_bytes(8, "big")) for counter in range(blocks))
    return stream[:length]


def _tag(key: bytes, nonce: bytes, label: str, associated: bytes, cipher: bytes) -> bytes:
    authentication_key = _mac(key, b"authenticate", nonce)
    return _mac(authentication_key, label.encode(), associated, cipher)[:TAG_BYTES]


def _xor(data: bytes, stream: bytes) -> bytes:
    return (int.from_bytes(data, "big") ^ int.from_bytes(stream, "big")).to_bytes(len(data), "big")
