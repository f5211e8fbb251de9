"""The MCP server on raw stdio input: JSON-RPC 2.0 errors, the MCP lifecycle, size limits, and
answers to every request read before the input ends."""
import json
import subprocess

INIT = {"jsonrpc": "2.0", "id": 1, "method": "initialize",
        "params": {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "raw", "version": "1"}}}
INITIALIZED = {"jsonrpc": "2.0", "method": "notifications/initialized"}


def session(binary, site, lines, timeout=60):
    """Sends the lines (str or dict) and closes stdin; returns the answers by position."""
    text = "".join((line if isinstance(line, str) else json.dumps(line)) + "\n" for line in lines)
    result = subprocess.run([binary, "mcp", "--catalog", str(site / "rules.json")], input=text.encode(),
                            capture_output=True, timeout=timeout)
    assert result.returncode == 0, result.stderr
    return [json.loads(line) for line in result.stdout.decode().splitlines() if line.strip()]


def test_protocol_errors_answer_with_null_ids_and_standard_codes(binary, site):
    answers = session(binary, site, [
        "this is not json",
        {"jsonrpc": "2.0", "id": {"a": 1}, "method": "ping"},
        {"jsonrpc": "2.0", "id": 1.5, "method": "ping"},
        {"jsonrpc": "2.0", "id": None, "method": "ping"},
        {"jsonrpc": "2.0", "id": True, "method": "ping"},
        [{"jsonrpc": "2.0", "id": 3, "method": "ping"}],
        {"jsonrpc": "1.0", "id": 4, "method": "ping"},
    ])
    codes = [(a["id"], a["error"]["code"]) for a in answers]
    assert codes == [(None, -32700)] + [(None, -32600)] * 6


def test_nothing_but_initialize_and_ping_before_initialization(binary, site):
    answers = session(binary, site, [
        {"jsonrpc": "2.0", "id": "early", "method": "tools/list"},
        {"jsonrpc": "2.0", "id": "p", "method": "ping"},
        INIT, INITIALIZED,
        {"jsonrpc": "2.0", "id": 2, "method": "tools/list"},
    ])
    by_id = {a["id"]: a for a in answers}
    assert by_id["early"]["error"]["code"] == -32600 and "initialize" in by_id["early"]["error"]["message"]
    assert by_id["p"]["result"] == {}
    assert "result" in by_id[1]
    assert [t["name"] for t in by_id[2]["result"]["tools"]][:1] == ["search_rules"]


def test_every_request_read_before_end_of_input_is_answered(binary, site):
    calls = [{"jsonrpc": "2.0", "id": 10 + n, "method": "tools/call",
              "params": {"name": "search_rules", "arguments": {"query": "tab bar", "limit": 200}}} for n in range(20)]
    answers = session(binary, site, [INIT, INITIALIZED, *calls])
    assert sorted(a["id"] for a in answers if a["id"] != 1) == [10 + n for n in range(20)]
    assert all(a["result"].get("isError") is not True and a["result"]["structuredContent"]["total"] > 0 for a in answers if a["id"] != 1)


def test_oversized_messages_and_queries_are_refused_clearly(binary, site):
    huge = json.dumps({"jsonrpc": "2.0", "id": 5, "method": "ping", "params": {"pad": "x" * (10 << 20)}})
    big_but_allowed = json.dumps({"jsonrpc": "2.0", "id": 6, "method": "ping", "params": {"_meta": {"pad": "y" * (3 << 20)}}})
    long_query = {"jsonrpc": "2.0", "id": 7, "method": "tools/call",
                  "params": {"name": "search_rules", "arguments": {"query": "导航" * 50_000}}}
    # Read in linear time: ten megabytes take well under the timeout (it was minutes before).
    answers = session(binary, site, [INIT, INITIALIZED, huge, big_but_allowed, long_query], timeout=60)
    too_big = [a for a in answers if a.get("id") is None]
    assert len(too_big) == 1 and too_big[0]["error"]["code"] == -32600 and "limit" in too_big[0]["error"]["message"]
    by_id = {a["id"]: a for a in answers if a.get("id") is not None}
    assert by_id[6]["result"] == {}
    assert by_id[7]["result"]["isError"] is True and "limit is 500" in by_id[7]["result"]["content"][0]["text"]
