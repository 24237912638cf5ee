"""Writing the files a person names (exports, benchmark outputs) and the program's caches.

Every file the program writes outside its store goes through :func:`write_file`: the bytes go
to a temporary file of our own (:func:`tempfile.mkstemp` in the target's folder), flushed
with ``fsync``, then renamed over the target with :func:`os.replace`, so the target is either
left as it was or holds the whole new text; on any failure the temporary file is removed.
Only regular files are written.

Example:
    >>> import pathlib, tempfile
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> write_file(folder / "a.json", b"{}\\n").read_bytes()
    b'{}\\n'
    >>> write_file(folder / "a.json", b"[]\\n", overwrite=True).read_bytes()
    b'[]\\n'
"""

from __future__ import annotations

import os
import stat
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import BinaryIO

from gameshelf.core.errors import BadInputError

#: What :func:`write_file` writes: the bytes, or a function that writes them to a binary file.
Content = bytes | Callable[[BinaryIO], None]


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def check_target(path: str | os.PathLike[str], *, overwrite: bool = False) -> Path:
    """The path ``write_file`` would write, checked without writing anything.

    A symbolic link is followed (the file it points to is the one replaced; the link stays).

    Raises:
        BadInputError: an empty path; a target that exists and is not a regular file; an
            existing file when ``overwrite`` is false.
    """
    if not os.fspath(path):
        raise BadInputError("the file name is empty: give the path of the file to write")
    target = Path(os.path.realpath(path))
    try:
        st = os.stat(target)
    except FileNotFoundError:
        return target
    except OSError as exc:
        raise BadInputError(f"cannot write {os.fspath(path)}: {exc.strerror}") from None
    if not stat.S_ISREG(st.st_mode):
        kind = "a folder" if stat.S_ISDIR(st.st_mode) else "not a regular file"
        raise BadInputError(f"{os.fspath(path)} is {kind}; only regular files are written")
    if not overwrite:
        raise BadInputError(f"{os.fspath(path)} exists; use --force to overwrite it")
    return target


def write_file(path: str | os.PathLike[str], content: Content, *,
               overwrite: bool = False) -> Path:
    """Write ``content`` (bytes, or a function writing them to a binary file object) to the
    regular file ``path``, whose folder must exist, atomically; returns the path written.
    The new file gets the permissions ``0666`` less the umask; with ``overwrite`` an
    existing regular file is replaced, its permission bits kept.

    Raises:
        BadInputError: an empty path, a target that is not a regular file, an existing file
            without ``overwrite``, or the file cannot be written (the message gives the
            system's reason). The target is then unchanged and no temporary file is left.
    """
    target = check_target(path, overwrite=overwrite)
    shown = os.fspath(path)
    try:
        mode = stat.S_IMODE(os.stat(target).st_mode)
    except OSError:
        mode = 0o666 & ~_umask()
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".part",
                                   dir=target.parent)
    except OSError as exc:
        raise BadInputError(f"cannot write {shown}: {exc.strerror}") from None
    try:
        with os.fdopen(fd, "wb") as fh:
            if isinstance(content, bytes):
                fh.write(content)
            else:
                content(fh)
            fh.flush()
            os.fsync(fh.fileno())
        os.chmod(tmp, mode)
        # a device or folder created at the target meanwhile is not replaced either
        check_target(target, overwrite=overwrite)
        os.replace(tmp, target)
    except BaseException as exc:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        if isinstance(exc, OSError):
            raise BadInputError(f"cannot write {shown}: {exc.strerror or exc}") from None
        raise
    return target
