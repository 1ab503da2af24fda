"""Fixtures: a sandbox of its own for every test, and a webhook receiver of its own.

Standard library only (urllib, http.server, hmac, json, threading) besides pytest itself, so the
tests run in parallel (`pytest -n 8`) against one sandbox server without sharing anything.
"""

import hashlib
import hmac
import http.server
import json
import os
import re
import threading
import urllib.error
import urllib.request

import pytest

SANDBOX_URL = os.environ.get("DELIVERY_SANDBOX_URL", "http://127.0.0.1:4242").rstrip("/")


class HttpError(Exception):
    def __init__(self, status, body):
        super().__init__(f"HTTP {status}: {body}")
        self.status = status
        self.body = body


def call(method, path, body=None, key=None):
    """One JSON request to the sandbox server; answers the parsed body (None when empty)."""
    headers = {"Accept": "application/json"}
    data = None
    if body is not None:
        data = json.dumps(body).encode()
        headers["Content-Type"] = "application/json"
    if key is not None:
        headers["Authorization"] = f"Bearer {key}"
    req = urllib.request.Request(SANDBOX_URL + path, data=data, method=method, headers=headers)
    try:
        with urllib.request.urlopen(req, timeout=10) as res:
            raw = res.read()
    except urllib.error.HTTPError as err:
        raw = err.read()
        raise HttpError(err.code, json.loads(raw) if raw else None) from None
    return json.loads(raw) if raw else None


class Sandbox:
    """A named sandbox: its own accounts and keys, orders, clock, webhook endpoints."""

    def __init__(self, answer):
        self.name = answer["name"]
        self.api_key = answer["accounts"][0]["api_key"]
        self.accounts = answer["accounts"]
        self.control = f"/__sandbox/sandboxes/{self.name}"

    # /v1: the key alone finds this sandbox.
    def v1(self, method, path, body=None, key=None):
        return call(method, "/v1" + path, body, key or self.api_key)

    # The control plane: every route under /__sandbox/sandboxes/{name}/.
    def ctl(self, method, path, body=None):
        return call(method, self.control + path, body)

    def create_order(self, **extra):
        body = {"pickup": {"address": "1 Market St"}, "dropoff": {"address": "500 Castro St"}}
        body.update(extra)
        return self.v1("POST", "/orders", body)

    def advance(self, by):
        """Moves this sandbox's clock (no one else's); answers {now, fired}."""
        return self.ctl("POST", "/clock/advance", {"by": by})


def sandbox_name(nodeid):
    """1 to 40 of a-z 0-9 '-': the test's name, then a hash of its node id and this process."""
    test = nodeid.rsplit("::", 1)[-1]
    slug = re.sub(r"[^a-z0-9]+", "-", test.lower()).strip("-")[:28] or "t"
    digest = hashlib.sha1(f"{nodeid}:{os.getpid()}".encode()).hexdigest()[:10]
    return f"{slug}-{digest}"


@pytest.fixture
def sandbox(request):
    """A fresh `ci` sandbox (manual clock, fixed seed) for this test; deleted after it."""
    name = sandbox_name(request.node.nodeid)
    body = {"scenario": "ci", "clock": {"mode": "manual"}, "ttl": "10m"}
    box = Sandbox(call("PUT", f"/__sandbox/sandboxes/{name}", body))
    yield box
    try:
        call("DELETE", f"/__sandbox/sandboxes/{name}")
    except HttpError as err:
        if err.status != 404:  # a test may have deleted it itself
            raise




class Receiver:
    """A local HTTP server on a free port that records every webhook and checks its signature."""

    def __init__(self):
        self.secret = None
        self.received = []  # [{"event", "body", "signature_ok", "attempt"}] in arrival order
        self._cond = threading.Condition()
        outer = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_POST(self):
                raw = self.rfile.read(int(self.headers.get("Content-Length", 0)))
                outer._record(raw, self.headers)
                self.send_response(200)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *args):
                pass

        self._server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self._server.server_address[1]}/webhooks"
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)
        self._thread.start()

    def _record(self, raw, headers):
        # The signature covers the exact raw bytes: verify first, then parse.
        expected = "sha256=" + hmac.new(self.secret.encode(), raw, hashlib.sha256).hexdigest()
        given = headers.get("X-Service-Signature", "")
        with self._cond:
            self.received.append(
                {
                    "event": headers.get("X-Service-Event"),
                    "attempt": headers.get("X-Service-Delivery-Attempt"),
                    "signature_ok": hmac.compare_digest(expected, given),
                    "body": json.loads(raw),
                }
            )
            self._cond.notify_all()

    def wait_for(self, count, timeout=5.0):
        """The first `count` webhooks, once they have arrived (fails after `timeout` seconds)."""
        with self._cond:
            if not self._cond.wait_for(lambda: len(self.received) >= count, timeout):
                got = [r["event"] for r in self.received]
                raise AssertionError(f"expected {count} webhooks within {timeout}s, got {got}")
            return list(self.received[:count])

    def events(self, order_id=None):
        """Event names by the event's own time: delivery is concurrent, arrival order is not."""
        with self._cond:
            hooks = sorted(self.received, key=lambda r: r["body"]["created_at"])
        return [
            r["event"]
            for r in hooks
            if order_id is None or r["body"]["data"]["order"]["order_id"] == order_id
        ]

    def close(self):
        self._server.shutdown()
        self._server.server_close()


@pytest.fixture
def receiver(sandbox):
    """A receiver registered as a webhook endpoint of this test's sandbox (and of no other)."""
    rx = Receiver()
    endpoint = sandbox.ctl("POST", "/webhook-endpoints", {"url": rx.url})
    rx.secret = endpoint["secret"]  # shown in full only in this answer
    yield rx
    rx.close()
