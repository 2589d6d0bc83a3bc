#!/usr/bin/env python3
"""Execute one notebook through a running Jupyter server, as a browser would.

    exec_via_server.py URL NOTEBOOK [TIMEOUT_SECONDS]

URL is the one `make serve` prints (http://host:port/?token=...); NOTEBOOK
is a path relative to the served folder. Starts a session on the notebook
with its kernel (GoNB), sends every code cell over the kernel's websocket,
stores the outputs and saves the notebook back through the server's
contents API (so the server, not this script, writes the file). Exits 1 on
an error output or a timeout. Needs only Debian's python3-tornado (which
Jupyter Notebook itself depends on).
"""
import asyncio
import json
import sys
import time
import urllib.parse
import urllib.request
import uuid

from tornado.websocket import websocket_connect


def api(base, token, method, path, body=None):
    req = urllib.request.Request(
        f"{base}{path}", method=method,
        data=None if body is None else json.dumps(body).encode(),
        headers={"Authorization": f"token {token}", "Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=60) as r:
        data = r.read()
        return json.loads(data) if data else None


async def run(url, path, timeout):
    u = urllib.parse.urlparse(url)
    token = urllib.parse.parse_qs(u.query)["token"][0]
    base = f"{u.scheme}://{u.netloc}"
    qpath = urllib.parse.quote(path)
    nb = api(base, token, "GET", f"/api/contents/{qpath}")["content"]
    kname = nb["metadata"]["kernelspec"]["name"]
    sess = api(base, token, "POST", "/api/sessions",
               {"path": path, "type": "notebook", "kernel": {"name": kname}})
    kid = sess["kernel"]["id"]
    ws = await websocket_connect(
        f"ws://{u.netloc}/api/kernels/{kid}/channels?token={token}")
    errors = []
    t0 = time.time()
    try:
        for i, cell in enumerate(nb["cells"]):
            if cell["cell_type"] != "code":
                continue
            msg_id = uuid.uuid4().hex
            await ws.write_message(json.dumps({
                "header": {"msg_id": msg_id, "msg_type": "execute_request", "username": "check",
                           "session": sess["id"], "version": "5.3", "date": ""},
                "parent_header": {}, "metadata": {}, "channel": "shell",
                "content": {"code": cell["source"] if isinstance(cell["source"], str) else "".join(cell["source"]),
                            "silent": False, "store_history": True, "user_expressions": {},
                            "allow_stdin": False, "stop_on_error": True}}))
            outputs, idle = [], False
            while not idle:
                left = timeout - (time.time() - t0)
                if left <= 0:
                    raise TimeoutError(f"cell {i}: no answer within {timeout}s")
                raw = await asyncio.wait_for(ws.read_message(), left)
                if raw is None:
                    raise RuntimeError("kernel websocket closed")
                m = json.loads(raw)
                if m.get("parent_header", {}).get("msg_id") != msg_id:
                    continue
                t, c = m["msg_type"], m["content"]
                if t == "status" and c.get("execution_state") == "idle":
                    idle = True
                elif t == "stream":
                    outputs.append({"output_type": "stream", "name": c["name"], "text": c["text"]})
                elif t in ("display_data", "execute_result"):
                    outputs.append({"output_type": "display_data", "data": c["data"], "metadata": c.get("metadata", {})})
                elif t == "error":
                    outputs.append({"output_type": "error", "ename": c["ename"], "evalue": c["evalue"],
                                    "traceback": c["traceback"]})
                    errors.append(f"cell {i}: {c['ename']}: {c['evalue']}")
            cell["outputs"] = outputs
            print(f"    cell {i}: {len(outputs)} outputs ({time.time() - t0:.0f}s)", flush=True)
    finally:
        ws.close()
        api(base, token, "DELETE", f"/api/sessions/{sess['id']}")
    api(base, token, "PUT", f"/api/contents/{qpath}", {"type": "notebook", "format": "json", "content": nb})
    print(f"    executed {path} through {base} in {time.time() - t0:.0f}s; saved through the server")
    if errors:
        print("\n".join(errors), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    sys.exit(asyncio.run(run(sys.argv[1], sys.argv[2], float(sys.argv[3]) if len(sys.argv) > 3 else 600)))
