"""What the live-app builders share (build_spirit_forum, build_mezzanine_blog,
build_askbot_site): fill a Django project through `manage.py shell`, then serve it with
runserver on 127.0.0.1:8000 and mirror it with wget into OUT/site."""
from __future__ import annotations

import json
import shutil
import socket
import subprocess
import tempfile
import time
from pathlib import Path

SITE = "http://127.0.0.1:8000"


def run_import(python: str, project: Path, script: str, data: dict) -> None:
    """Run `script` in `manage.py shell`, with DATA naming a JSON file that holds `data`."""
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "data.json"
        path.write_text(json.dumps(data))
        subprocess.run([python, "manage.py", "shell", "-c", f"DATA = {str(path)!r}\n" + script],
                       cwd=project, check=True)


def serve_and_mirror(name: str, python: str, project: Path, out: Path, wget_args: list[str], *,
                     insecure: bool = False, netns: str = "", ready_path: str = "/") -> Path:
    """Serve the project (runserver, inside the network namespace netns if given), wait until
    ready_path answers, mirror the site with wget into OUT/site (OUT emptied first) and stop
    the server. Returns OUT/site."""
    ns = ["ip", "netns", "exec", netns] if netns else []
    if not netns:
        with socket.socket() as probe:    # another server on :8000 would be mirrored instead
            if probe.connect_ex(("127.0.0.1", 8000)) == 0:
                raise SystemExit(f"{name}: 127.0.0.1:8000 is taken; stop that server first")
    server = subprocess.Popen(ns + [python, "manage.py", "runserver", "--noreload",
                                    *(["--insecure"] if insecure else []), "127.0.0.1:8000"],
                              cwd=project, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        for _ in range(60):
            if subprocess.run(ns + ["curl", "-sf", "-o", "/dev/null", SITE + ready_path],
                              check=False).returncode == 0:
                break
            if server.poll() is not None:
                raise SystemExit(f"{name}: runserver exited")
            time.sleep(0.5)
        shutil.rmtree(out, ignore_errors=True)
        site = out / "site"
        subprocess.run(ns + ["wget", "-q", "--mirror", "-e", "robots=off", "--no-host-directories",
                             *wget_args, "-P", str(site), SITE + "/"],
                       check=False)   # wget exits 8 on any 404
    finally:
        server.terminate()
        server.wait()
    return site
