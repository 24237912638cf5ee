"""Every ``sim`` on a Ray cluster gives the same output as on worker processes (issue 14).

One local Ray cluster serves the module: ``ray start --head --block`` on 127.0.0.1 with free
ports, its own temporary folder and its own authentication token (nothing written under
``~/.ray``), in a session of its own that the module ends (every Ray process with it). Each
sim runs as a command, once with ``--workers 2`` and once with ``--ray 127.0.0.1:PORT``, and
the two ``--json`` outputs must be the same bytes. A wrong address is one line, exit 2; a
Ctrl-C stops a sim on the cluster at once, leaving no process of its own behind.
"""

from __future__ import annotations

import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("ray")

import gameshelf  # noqa: E402
from gameshelf.cli import main  # noqa: E402
from tests.procs import default_signals  # noqa: E402
from tests.test_workers import group, wait_for  # noqa: E402

pytestmark = pytest.mark.skipif(not os.path.isdir("/proc/self"), reason="needs /proc")

SRC = str(Path(gameshelf.__file__).resolve().parent.parent)
RAY = str(Path(sys.executable).parent / "ray")

#: The same small sims: --workers 2, then --ray on the cluster.
SIMS = {
    "yatz": ["yatz", "sim", "--games", "40", "--player", "greedy", "--seed", "7"],
    "muggins": ["muggins", "sim", "--games", "6", "--players", "easy,easy", "--seed", "3"],
    "showdown": ["showdown", "sim", "--games", "6", "--players", "random,heuristic,heuristic",
                 "--seed", "5"],
}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def cluster_env(token: str) -> dict[str, str]:
    """The environment of the cluster and of the sims: this gameshelf first on the path,
    token authentication with the module's own token, no usage statistics."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (SRC, env.get("PYTHONPATH")) if p)
    env.update(RAY_AUTH_MODE="token", RAY_AUTH_TOKEN=token, RAY_USAGE_STATS_ENABLED="0")
    env.pop("RAY_ADDRESS", None)
    return env


@pytest.fixture(scope="module")
def cluster() -> Iterator[tuple[str, dict[str, str]]]:
    """A local Ray cluster's address and the environment to reach it with."""
    env = cluster_env(secrets.token_hex(32))
    temp = tempfile.mkdtemp(prefix="ray-", dir="/tmp")   # short: Ray's socket paths
    port = free_port()
    head = subprocess.Popen(
        [RAY, "start", "--head", "--block", "--node-ip-address", "127.0.0.1",
         "--port", str(port), "--temp-dir", temp, "--num-cpus", "2",
         "--include-dashboard", "false", "--disable-usage-stats"],
        env=env, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL, start_new_session=True)
    try:
        assert wait_for(lambda: head.poll() is not None or _answers(port), 120), \
            "the Ray head never answered"
        assert head.poll() is None, "ray start --head failed"
        yield f"127.0.0.1:{port}", env
    finally:
        head.send_signal(signal.SIGTERM)          # ray start --block stops what it started
        try:
            head.wait(30)
        except subprocess.TimeoutExpired:
            pass
        for pid in group(head.pid):               # anything left of its session
            os.kill(pid, signal.SIGKILL)
        head.poll() is None and head.kill()
        head.wait()
        shutil.rmtree(temp, ignore_errors=True)
        assert wait_for(lambda: not group(head.pid), 10), "Ray processes left running"


def _answers(port: int) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=1):
            return True
    except OSError:
        return False


def gameshelf_run(args: list[str], env: dict[str, str]) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run([sys.executable, "-m", "gameshelf", *args], env=env,
                          stdin=subprocess.DEVNULL, capture_output=True, timeout=300)


@pytest.mark.parametrize("game", sorted(SIMS))
def test_a_sim_on_ray_prints_what_it_prints_with_workers(
        game: str, cluster: tuple[str, dict[str, str]]) -> None:
    address, env = cluster
    args = [*SIMS[game], "--json", "--no-progress"]
    here = gameshelf_run([*args, "--workers", "2"], env)
    there = gameshelf_run([*args, "--ray", address], env)
    assert here.returncode == 0, here.stderr
    assert there.returncode == 0, there.stderr
    assert there.stdout == here.stdout and b'"games"' in here.stdout


@pytest.mark.parametrize(("args", "says"), [
    (["yatz", "sim", "--ray", "127.0.0.1:{closed}"], "no Ray cluster answers at 127.0.0.1:"),
    (["muggins", "sim", "--ray", "not-an-address"], "--ray needs HOST:PORT"),
    (["showdown", "sim", "--ray", "127.0.0.1:99999"], "--ray needs HOST:PORT"),
    (["muggins", "sim", "--workers", "2", "--ray", "local"], "not both"),
    # a Ray Client address is checked at its host, not at the host "ray://127.0.0.1"
    (["yatz", "sim", "--ray", "ray://127.0.0.1:{closed}"], "(Connection refused)"),
    (["showdown", "sim", "--ray", "http://10.0.0.5:6379"], "--ray needs HOST:PORT"),
    (["yatz", "sim", "--ray", "10.0.0.5/x:6379"], "--ray needs HOST:PORT"),
])
def test_a_bad_ray_option_is_one_line_and_exit_2(
        args: list[str], says: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        main([*args[:-1], args[-1].format(closed=free_port()), "--games", "3"])
    out = capsys.readouterr()
    assert stop.value.code == 2 and out.out == ""
    assert says in out.err and len(out.err.strip().splitlines()) == 1


@pytest.mark.parametrize("value", ["host:abc", "nonsense"])
def test_a_bad_ray_address_variable_is_one_line_naming_it(
        value: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """--ray auto reads RAY_ADDRESS: 'host:abc' was an internal error (ValueError), and
    'nonsense' was said to be no RAY_ADDRESS at all."""
    monkeypatch.setenv("RAY_ADDRESS", value)
    with pytest.raises(SystemExit) as stop:
        main(["yatz", "sim", "--games", "3", "--ray", "auto"])
    out = capsys.readouterr()
    assert stop.value.code == 2 and out.out == ""
    assert out.err.strip().splitlines() == [
        f"gameshelf: error: --ray auto: RAY_ADDRESS={value!r} is not HOST:PORT of a Ray "
        "cluster's head (like 10.0.0.5:6379); correct or unset it"]


def test_ctrl_c_stops_a_sim_on_ray_at_once(cluster: tuple[str, dict[str, str]]) -> None:
    address, env = cluster
    p = subprocess.Popen([sys.executable, "-m", "gameshelf", "yatz", "sim", "--games",
                          "1000000", "--player", "greedy", "--ray", address, "--progress",
                          "--json"], env=env, stdin=subprocess.DEVNULL,
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         start_new_session=True, preexec_fn=default_signals)
    try:
        time.sleep(0.5)
        assert wait_for(lambda: _a_chunk_runs(), 120), "no task ever ran"
        os.killpg(p.pid, signal.SIGINT)            # Ctrl-C at a terminal
        try:
            out, err = p.communicate(timeout=60)
        except subprocess.TimeoutExpired:
            pytest.fail("the sim went on with its queued games")
        assert p.returncode == 130 and out == b""
        assert b"Traceback" not in err
        assert wait_for(lambda: not group(p.pid), 10), "processes of the sim left running"
    finally:
        for pid in group(p.pid):
            os.kill(pid, signal.SIGKILL)
        if p.returncode is None:
            p.kill()
            p.communicate()


def _a_chunk_runs() -> bool:
    """True once a Ray worker of the cluster runs one of our chunks."""
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/cmdline", "rb") as fh:
                    if fh.read().startswith(b"ray::_ray_chunk"):
                        return True
            except OSError:
                continue
    return False


def _session(sid: int) -> list[int]:
    """The live processes of session ``sid`` (Ray's workers have process groups of their own)."""
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as fh:
                    text = fh.read()
            except OSError:
                continue
            fields = text[text.rindex(")") + 2:].split()
            if int(fields[3]) == sid and fields[0] != "Z":
                found.append(int(entry))
    return found


@pytest.mark.slow
def test_ctrl_c_stops_a_sim_on_its_own_local_ray_with_every_ray_process() -> None:
    """``--ray local`` starts Ray's processes (gcs_server, raylet, agents, workers) under the
    sim: Ctrl-C ends the sim with exit 130 and every one of them (about 20 s: Ray starts)."""
    env = cluster_env("x" * 64)
    for name in ("RAY_AUTH_MODE", "RAY_AUTH_TOKEN"):
        env.pop(name)
    p = subprocess.Popen([sys.executable, "-m", "gameshelf", "yatz", "sim", "--games",
                          "1000000", "--player", "greedy", "--ray", "local", "--json"],
                         env=env, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, start_new_session=True,
                         preexec_fn=default_signals)
    try:
        assert wait_for(_a_chunk_runs, 120), "no task ever ran"
        assert len(_session(p.pid)) > 3                     # Ray's own processes
        os.killpg(p.pid, signal.SIGINT)
        out, err = p.communicate(timeout=60)
        assert p.returncode == 130 and out == b"" and b"Traceback" not in err
        assert wait_for(lambda: not _session(p.pid), 15), "Ray processes left running"
    finally:
        for pid in _session(p.pid):
            os.kill(pid, signal.SIGKILL)
        if p.returncode is None:
            p.kill()
            p.communicate()
