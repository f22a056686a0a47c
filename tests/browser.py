"""A headless Chromium driven over the DevTools protocol, for tests that press keys and take screenshots.

The protocol runs over a pipe (``--remote-debugging-pipe``: commands in on file descriptor 3,
answers out on 4, each a JSON message ended by a NUL byte), so nothing listens on a port and the
standard library is enough. ``chromium()`` finds the browser, or says why a test must skip.
"""

from __future__ import annotations

import base64
import contextlib
import json
import select
import shutil
import subprocess
import time
from pathlib import Path

FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync", "--hide-scrollbars"]


def chromium() -> str | None:
    return shutil.which("chromium") or shutil.which("chromium-browser")


class Browser:
    """One headless Chromium with one page; use as a context manager."""

    def __init__(self, binary: str, profile: Path, width: int = 1280, height: int = 900, timeout: float = 60.0):
        # the shell hands our pipes to Chromium as its descriptors 3 and 4, and closes its stdin/stdout
        self.process = subprocess.Popen(
            ["sh", "-c", 'exec "$0" "$@" 3<&0 4>&1 0</dev/null 1>/dev/null', binary, *FLAGS,
             f"--user-data-dir={profile}", "--remote-debugging-pipe", "about:blank"],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        self.timeout, self.next_id, self.buffer, self.events = timeout, 0, b"", []
        target = self.call("Target.createTarget", url="about:blank")["targetId"]
        self.session = self.call("Target.attachToTarget", targetId=target, flatten=True)["sessionId"]
        self.call("Page.enable", session=True)
        self.call("Emulation.setDeviceMetricsOverride", session=True, width=width, height=height,
                  deviceScaleFactor=1, mobile=False)

    def __enter__(self) -> Browser:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def close(self) -> None:
        with contextlib.suppress(OSError, TimeoutError, RuntimeError):
            self.call("Browser.close")
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()

    # ---- the protocol

    def call(self, method: str, session: bool = False, **params) -> dict:
        """Send a command and wait for its answer (events met meanwhile are kept)."""
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params}
        if session:
            message["sessionId"] = self.session
        assert self.process.stdin is not None
        self.process.stdin.write(json.dumps(message).encode() + b"\0")
        self.process.stdin.flush()
        while True:
            answer = self._read()
            if answer.get("id") == self.next_id:
                if "error" in answer:
                    raise RuntimeError(f"{method}: {answer['error']}")
                return answer.get("result", {})
            self.events.append(answer)

    def wait_for(self, event: str) -> dict:
        while True:
            for i, seen in enumerate(self.events):
                if seen.get("method") == event:
                    return self.events.pop(i)
            self.events.append(self._read())

    def _read(self) -> dict:
        deadline = time.monotonic() + self.timeout
        assert self.process.stdout is not None
        fd = self.process.stdout.fileno()
        while b"\0" not in self.buffer:
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([fd], [], [], left)[0]:
                raise TimeoutError("Chromium did not answer")
            chunk = self.process.stdout.read1(1 << 16)
            if not chunk:
                raise RuntimeError("Chromium closed the pipe")
            self.buffer += chunk
        message, _, self.buffer = self.buffer.partition(b"\0")
        return json.loads(message)

    # ---- what tests do

    def open(self, url: str) -> None:
        self.events.clear()
        if "loaderId" in self.call("Page.navigate", session=True, url=url):  # a new document, not a jump within one
            self.wait_for("Page.loadEventFired")

    def evaluate(self, expression: str):
        result = self.call("Runtime.evaluate", session=True, expression=expression, returnByValue=True)
        return result["result"].get("value")

    def press(self, key: str, code: int) -> None:
        """Press and release a key (``ArrowRight``, 39) on the page."""
        for kind in ("keyDown", "keyUp"):
            self.call("Input.dispatchKeyEvent", session=True, type=kind, key=key, code=key,
                      windowsVirtualKeyCode=code, nativeVirtualKeyCode=code)

    def screenshot(self, path: Path) -> Path:
        data = self.call("Page.captureScreenshot", session=True, format="png")["data"]
        path.write_bytes(base64.b64decode(data))
        return path
