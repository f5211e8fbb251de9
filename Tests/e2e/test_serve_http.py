"""`HandbookGen serve` as an HTTP server, tried as an attacker and a crowd would: only loopback
Host names, security headers on every answer, HEAD without a body, pipelined requests in order,
read-only methods, limits on request lines and headers, and a load of 200 live-reload clients
and 500 page requests while a chapter is saved."""
import concurrent.futures
import http.client
import shutil
import socket
import threading
import time

import pytest

from conftest import REPO
from test_serve import Server, edit

PAGE = "/en/bars/navigation-bar.html"


@pytest.fixture(scope="module")
def served(binary, tmp_path_factory):
    root = tmp_path_factory.mktemp("serve-http")
    shutil.copytree(REPO / "content", root / "content")
    shutil.copytree(REPO / "templates", root / "templates")
    server = Server(binary, root)
    server.port = int(server.base.rstrip("/").rsplit(":", 1)[1])
    yield server
    server.stop()


def raw(port, request: bytes, timeout=10) -> bytes:
    """Sends bytes as they are and reads until the server closes the connection."""
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as connection:
        connection.sendall(request)
        data = b""
        while chunk := connection.recv(65536):
            data += chunk
        return data


def get(port, path, method="GET", host="127.0.0.1"):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    connection.request(method, path, headers={"Host": host})
    response = connection.getresponse()
    body = response.read()
    connection.close()
    return response, body


@pytest.mark.parametrize("host", ["evil.example", "evil.example:8000", "127.0.0.1.evil.example", "localhost.evil", "10.0.0.1"])
def test_other_host_names_are_refused(served, host):
    response, _ = get(served.port, PAGE, host=host)
    assert response.status == 403


@pytest.mark.parametrize("host", ["127.0.0.1", "localhost", "LOCALHOST:8000", "[::1]", "[::1]:1234"])
def test_loopback_host_names_are_served(served, host):
    response, body = get(served.port, PAGE, host=host)
    assert response.status == 200 and b"<html" in body


@pytest.mark.parametrize("path", [PAGE, "/nope.html", "/assets/style.css"])
def test_every_answer_carries_the_security_headers(served, path):
    response, _ = get(served.port, path)
    assert response.getheader("X-Content-Type-Options") == "nosniff"
    assert response.getheader("Referrer-Policy") == "no-referrer"
    assert "default-src 'self'" in response.getheader("Content-Security-Policy")


def test_head_has_no_body_and_a_pipelined_get_after_it_is_answered(served):
    data = raw(served.port, b"HEAD " + PAGE.encode() + b" HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
               b"GET /en/llms.txt HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
    first, rest = data.split(b"\r\n\r\n", 1)
    assert first.startswith(b"HTTP/1.1 200")
    length = int([line for line in first.split(b"\r\n") if line.lower().startswith(b"content-length:")][0].split(b":")[1])
    assert length > 1000
    # What follows the HEAD answer's headers is the next answer, not a body.
    assert rest.startswith(b"HTTP/1.1 200")
    _, llms = get(served.port, "/en/llms.txt")
    assert rest.endswith(llms)


@pytest.mark.parametrize("method", ["PUT", "DELETE", "PATCH", "TRACE", "POST", "OPTIONS"])
def test_methods_that_would_change_or_echo_are_refused(served, method):
    response, _ = get(served.port, PAGE, method=method)
    assert response.status == 405
    assert response.getheader("Allow") == "GET, HEAD"


def test_an_overlong_request_line_gets_414(served):
    data = raw(served.port, b"GET /" + b"a" * 20_000 + b" HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
    assert data.startswith(b"HTTP/1.1 414")


def test_an_overlong_header_gets_431(served):
    data = raw(served.port, b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: " + b"b" * (1 << 20) + b"\r\n\r\n")
    assert data.startswith(b"HTTP/1.1 431")


def test_endlessly_streamed_headers_get_431_and_the_connection_closes(served):
    with socket.create_connection(("127.0.0.1", served.port), timeout=10) as connection:
        connection.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        answer = b""
        try:
            for n in range(7 * 1024):  # up to 7 MB of small header lines
                connection.sendall(b"X-%d: %s\r\n" % (n, b"h" * 1000))
        except (BrokenPipeError, ConnectionResetError):
            pass
        try:
            while chunk := connection.recv(65536):
                answer += chunk
        except ConnectionResetError:
            pass
    assert answer.startswith(b"HTTP/1.1 431")


def rss_kb(pid):
    with open(f"/proc/{pid}/status") as status:
        return int(next(line for line in status if line.startswith("VmRSS")).split()[1])


def test_200_live_reload_clients_and_500_requests_while_a_chapter_is_saved(served):
    port = served.port
    reloaded = []
    ready = threading.Barrier(201)
    lock = threading.Lock()

    def listen():
        connection = socket.create_connection(("127.0.0.1", port), timeout=60)
        connection.sendall(b"GET /__handbook/events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        data = b""
        while b"event: hello" not in data:
            data += connection.recv(4096)
        ready.wait(timeout=60)
        while b"event: reload" not in data:
            chunk = connection.recv(4096)
            if not chunk:
                break
            data += chunk
        connection.close()
        with lock:
            reloaded.append(b"event: reload" in data)

    listeners = [threading.Thread(target=listen) for _ in range(200)]
    for thread in listeners:
        thread.start()
    ready.wait(timeout=60)
    before = rss_kb(served.process.pid)

    def fetch(n):
        response, body = get(port, [PAGE, "/en/index.html", "/zh/index.html", "/assets/style.css", "/rules.json"][n % 5])
        return response.status, len(body)

    with concurrent.futures.ThreadPoolExecutor(max_workers=50) as pool:
        requests = [pool.submit(fetch, n) for n in range(500)]
        time.sleep(0.2)
        edit(served.root / "content/en/bars/navigation-bar.md", "A navigation bar", "A navigation bar (saved under load)")
        results = [request.result(timeout=120) for request in requests]
    for thread in listeners:
        thread.join(timeout=60)
    assert all(status == 200 and size > 0 for status, size in results), [r for r in results if r[0] != 200][:5]
    assert len(reloaded) == 200 and all(reloaded)
    # Memory stays bounded: the crowd costs a few megabytes, not a copy of the site per client.
    assert rss_kb(served.process.pid) - before < 200_000
