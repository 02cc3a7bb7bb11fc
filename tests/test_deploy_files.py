"""The deploy recipe's files (deploy/, docs/deploy.md) are real, working configurations (issue 26 item 7).

A proxy or unit file that does not parse fails on the day someone deploys it, and an option the
CLI lost fails at start: each file is checked by the tool that reads it (``nginx -t``, ``caddy
validate``, ``systemd-analyze verify``; scripts/test installs nginx, and Caddy where packaged),
its numbers against the server's own (the body cap, the WebSocket ping), every ``riverbox serve``
option against the command's ``--help``, and the guide links each file.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from riverbox.server.middleware import BODY_LIMIT
from riverbox.server.run import PING_SECONDS

ROOT = Path(__file__).resolve().parent.parent
DEPLOY = ROOT / "deploy"
GUIDE = ROOT / "docs" / "deploy.md"
NGINX_SITE = DEPLOY / "nginx" / "riverbox.conf"
CADDYFILE = DEPLOY / "Caddyfile"
SYSTEMD = DEPLOY / "systemd"
SERVER_UNIT = SYSTEMD / "riverbox@.service"
TOOL_TIMEOUT = 60


def without_comments(text: str) -> str:
    """A proxy configuration without its ``#`` comments (they mention what the file avoids)."""
    return re.sub(r"#.*", "", text)


def need_tool(name: str, in_ci: bool = True) -> str:
    """The tool's path; missing, a skip on a developer's machine and (``in_ci``) a failure in CI."""
    found = shutil.which(name)
    if found is None:
        if in_ci and os.environ.get("CI"):
            pytest.fail(f"{name} is not installed (scripts/test installs it)")
        pytest.skip(f"{name} is not installed")
    return found


def unit_entries(path: Path) -> list[tuple[str, str, str]]:
    """(section, key, value) for each setting of a systemd unit file, repeated keys kept."""
    entries: list[tuple[str, str, str]] = []
    section = ""
    for raw in path.read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if not line or line.startswith(("#", ";")):
            continue
        if line.startswith("[") and line.endswith("]"):
            section = line[1:-1]
            continue
        key, sep, value = line.partition("=")
        assert sep, f"{path.name}: not a setting: {line!r}"
        entries.append((section, key.strip(), value.strip()))
    return entries


def setting(path: Path, section: str, key: str) -> list[str]:
    return [v for s, k, v in unit_entries(path) if (s, k) == (section, key)]


def serve_commands(text: str) -> list[str]:
    """The arguments after each ``riverbox serve`` in ``text``, up to the end of its code span."""
    found = []
    for match in re.finditer(r"riverbox serve\b", text):
        rest = text[match.end() :]
        ends = [i for i in (rest.find("`"), rest.find("\n\n"), rest.find("\n#")) if i >= 0]
        found.append(rest[: min(ends, default=len(rest))])
    return found


def options_in(args: str) -> set[str]:
    return set(re.findall(r"(?<![\w-])--[a-z][a-z-]*", args))


def serve_help_options() -> set[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "COLUMNS": "200", "NO_COLOR": "1"}
    shown = subprocess.run(
        [sys.executable, "-m", "riverbox", "serve", "--help"],
        capture_output=True,
        text=True,
        env=env,
        check=True,
        timeout=TOOL_TIMEOUT,
    ).stdout
    return options_in(shown)


def test_every_serve_option_used_in_the_recipe_exists() -> None:
    texts = {p: p.read_text(encoding="utf-8") for p in sorted(DEPLOY.rglob("*")) if p.is_file()}
    texts[GUIDE] = GUIDE.read_text(encoding="utf-8")
    known = serve_help_options()
    assert {"--host", "--port", "--db", "--bot-workers"} <= known  # the help was read
    used = {p: set().union(*map(options_in, serve_commands(t))) for p, t in texts.items()}
    assert {"--port", "--db"} <= used[SERVER_UNIT]  # the commands were found
    unknown = {p.name: sorted(opts - known) for p, opts in used.items() if opts - known}
    assert not unknown, f"options `riverbox serve` does not have: {unknown}"


def test_the_guide_links_every_file() -> None:
    guide = GUIDE.read_text(encoding="utf-8")
    files = [p.relative_to(ROOT).as_posix() for p in sorted(DEPLOY.rglob("*")) if p.is_file()]
    assert len(files) >= 6
    missing = [f for f in files if f"](../{f})" not in guide]
    assert not missing, f"docs/deploy.md does not link {missing}"


def test_the_proxies_match_the_server() -> None:
    """Body cap equal to the server's, WebSockets upgraded, timeouts above the ping, one client address."""
    nginx = without_comments(NGINX_SITE.read_text(encoding="utf-8"))
    caddy = without_comments(CADDYFILE.read_text(encoding="utf-8"))
    cap = re.search(r"client_max_body_size\s+(\d+)k;", nginx)
    assert cap is not None and int(cap.group(1)) * 1024 == BODY_LIMIT
    # Caddy 2.6 answers an over-size body with 502 and marks the server down: the app's 413 does it
    assert "request_body" not in caddy
    for timeout in re.findall(r"proxy_read_timeout\s+(\d+)s;", nginx):
        assert int(timeout) > PING_SECONDS
    assert "proxy_set_header Upgrade $http_upgrade;" in nginx
    assert "proxy_set_header Host $http_host;" in nginx  # the WebSocket origin check compares with it
    assert "proxy_http_version 1.1;" in nginx
    # only the address nginx saw: a client's own X-Forwarded-For entries never reach the limiter
    assert "$proxy_add_x_forwarded_for" not in nginx
    assert "proxy_set_header X-Forwarded-For $remote_addr;" in nginx
    assert not re.search(r"^\s*add_header", nginx, re.M)  # the app's security headers untouched
    ports = set(re.findall(r"127\.0\.0\.1:(\d+)", nginx))
    assert ports and ports == set(re.findall(r"127\.0\.0\.1:(\d+)", caddy))


def test_the_nginx_site_passes_nginx_t(tmp_path: Path) -> None:
    nginx = need_tool("nginx")
    openssl = need_tool("openssl")
    cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    subprocess.run(
        [
            openssl,
            "req",
            "-x509",
            "-newkey",
            "ec",
            "-pkeyopt",
            "ec_paramgen_curve:prime256v1",
            "-nodes",
            "-subj",
            "/CN=riverbox.test",
            "-days",
            "1",
            "-keyout",
            str(key),
            "-out",
            str(cert),
        ],
        capture_output=True,
        check=True,
        timeout=TOOL_TIMEOUT,
    )
    site = re.sub(r"/etc/letsencrypt/\S+/fullchain\.pem", str(cert), NGINX_SITE.read_text(encoding="utf-8"))
    site = re.sub(r"/etc/letsencrypt/\S+/privkey\.pem", str(key), site)
    (tmp_path / "site.conf").write_text(site, encoding="utf-8")
    wrapper = tmp_path / "nginx.conf"
    wrapper.write_text(
        f"pid {tmp_path}/nginx.pid;\nerror_log stderr;\nevents {{}}\n"
        f"http {{\n    access_log off;\n    include {tmp_path}/site.conf;\n}}\n",
        encoding="utf-8",
    )
    done = subprocess.run(
        [nginx, "-t", "-p", str(tmp_path), "-c", str(wrapper)],
        capture_output=True,
        text=True,
        timeout=TOOL_TIMEOUT,
    )
    assert done.returncode == 0, done.stderr
    assert "test is successful" in done.stderr


def test_the_caddyfile_passes_caddy_validate(tmp_path: Path) -> None:
    caddy = need_tool("caddy", in_ci=False)  # not every distribution packages it
    done = subprocess.run(
        [caddy, "validate", "--config", str(CADDYFILE), "--adapter", "caddyfile"],
        capture_output=True,
        text=True,
        timeout=TOOL_TIMEOUT,
        env={
            **os.environ,
            "HOME": str(tmp_path),
            "XDG_DATA_HOME": str(tmp_path),
            "XDG_CONFIG_HOME": str(tmp_path),
        },
    )
    assert done.returncode == 0, done.stderr
    assert "Valid configuration" in done.stdout + done.stderr


def test_the_server_unit_is_hardened_and_runs_the_server() -> None:
    def one(section: str, key: str) -> str:
        values = setting(SERVER_UNIT, section, key)
        assert len(values) == 1, f"{key}: {values}"
        return values[0]

    command = one("Service", "ExecStart").split()
    assert command[1:3] == ["serve", "--host"] and command[3] == "127.0.0.1"
    assert command[command.index("--port") + 1] == "%i"  # the instance name is the port
    assert command[command.index("--db") + 1].startswith("postgresql://")
    assert one("Service", "User") == "riverbox"
    assert one("Service", "Restart") == "on-failure"
    assert one("Service", "KillMode") == "control-group"  # bot workers go with the server
    assert one("Service", "NoNewPrivileges") == "yes"
    assert one("Service", "ProtectSystem") == "strict"
    assert one("Service", "PrivateTmp") == "yes"
    assert one("Service", "StateDirectory") == "riverbox"
    environment = setting(SERVER_UNIT, "Service", "Environment")
    assert "RIVERBOX_HOME=/var/lib/riverbox" in environment
    assert any(e.startswith("FORWARDED_ALLOW_IPS=") for e in environment)
    timer = SYSTEMD / "riverbox-backup.timer"
    assert setting(timer, "Timer", "OnCalendar") and setting(timer, "Timer", "Persistent") == ["true"]
    backup = " ".join(setting(SYSTEMD / "riverbox-backup.service", "Service", "ExecStart"))
    assert "pg_dump" in backup and "--format=custom" in backup


def test_the_units_pass_systemd_analyze_verify(tmp_path: Path) -> None:
    analyze = need_tool("systemd-analyze", in_ci=False)  # the structural test above covers its absence
    names = []
    for unit in sorted(SYSTEMD.iterdir()):
        # the server's path on the machine the guide installs to does not exist here: point
        # ExecStart at this Python (verify checks the command is executable)
        text = unit.read_text(encoding="utf-8").replace("/opt/riverbox/venv/bin/riverbox", sys.executable)
        for name in (
            [unit.name.replace("@.", f"@{p}.") for p in (8001, 8002)] if "@." in unit.name else [unit.name]
        ):
            (tmp_path / name).write_text(text, encoding="utf-8")
            names.append(name)
    done = subprocess.run(
        [analyze, "verify", *names],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=TOOL_TIMEOUT,
    )
    ours = [line for line in (done.stdout + done.stderr).splitlines() if any(n in line for n in names)]
    assert done.returncode == 0 and not ours, done.stdout + done.stderr
