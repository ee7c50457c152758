"""A small product service over SQLite, written the way most teams write one: the standard
library's threaded HTTP server, one SQLite connection per thread, JSON out. It is the service
perfgate's verdicts are proven on besides its own example (bench/ab/python-e2e.mjs).

  PORT=18090 python3 app.py

EXTRA_CPU_US makes every request spend that many more microseconds of CPU (a busy loop), the
stand-in for a pull request that made the handler slower; 0 by default.
"""
import json
import os
import socket
import sqlite3
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

PORT = int(os.environ.get("PORT", "18090"))
EXTRA_CPU_US = int(os.environ.get("EXTRA_CPU_US", "0"))
DB = os.environ.get("DB", os.path.join(os.path.dirname(os.path.abspath(__file__)), "products.db"))
PRODUCTS = 40000

local = threading.local()


def connection():
    if not hasattr(local, "db"):
        local.db = sqlite3.connect(DB, check_same_thread=False)
    return local.db


def seed():
    db = sqlite3.connect(DB)
    db.execute(
        "create table if not exists products (id integer primary key, name text, price real, stock int, category int)"
    )
    if db.execute("select count(*) from products").fetchone()[0] < PRODUCTS:
        db.execute("delete from products")
        db.executemany(
            "insert into products values (?, ?, ?, ?, ?)",
            [(i, f"product {i}", 1.5 + (i * 37 % 1000) / 10, i * 13 % 97, i % 50) for i in range(1, PRODUCTS + 1)],
        )
    db.commit()
    db.close()


def burn(microseconds):
    until = time.perf_counter() + microseconds / 1e6
    while time.perf_counter() < until:
        pass


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"  # keep-alive, as a real client expects

    def setup(self):
        super().setup()
        # Headers and body leave in two writes: with Nagle on, the body waits for the client's
        # delayed ACK and every answer takes 40 ms.
        self.connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

    def log_message(self, *args):
        pass

    def send_json(self, status, body):
        data = json.dumps(body).encode()
        self.send_response(status)
        self.send_header("content-type", "application/json")
        self.send_header("content-length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_GET(self):
        if self.path == "/health":
            return self.send_json(200, {"ok": True})
        if self.path.startswith("/products/"):
            try:
                product_id = int(self.path.split("/")[2])
            except ValueError:
                return self.send_json(400, {"error": "id must be a number"})
            db = connection()
            row = db.execute(
                "select id, name, price, stock, category from products where id = ?", (product_id,)
            ).fetchone()
            if EXTRA_CPU_US:
                burn(EXTRA_CPU_US)
            if row is None:
                return self.send_json(404, {"error": "no such product"})
            # The product page shows its category's size and mean price: an unindexed scan, the
            # kind of query that makes a real endpoint's ~1.5 ms.
            count, mean = db.execute(
                "select count(*), avg(price) from products where category = ?", (row[4],)
            ).fetchone()
            body = dict(zip(("id", "name", "price", "stock", "category"), row))
            body["category_size"], body["category_mean_price"] = count, round(mean, 2)
            return self.send_json(200, body)
        return self.send_json(404, {"error": "not found"})


if __name__ == "__main__":
    seed()
    server = ThreadingHTTPServer(("127.0.0.1", PORT), Handler)
    server.daemon_threads = True
    server.serve_forever()
