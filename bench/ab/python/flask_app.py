"""The product service of app.py written the other way most teams write one, and the way issue 32's
reporter did: Flask served by gunicorn's sync workers, over the same SQLite data, with the same
endpoint and the same EXTRA_CPU_US burn (bench/ab/python-e2e.mjs --app flask).

  PORT=18090 gunicorn -w 2 -b 127.0.0.1:18090 flask_app:app
"""
import fcntl
import os
import sqlite3
import time

from flask import Flask, jsonify

EXTRA_CPU_US = int(os.environ.get("EXTRA_CPU_US", "0"))
DB = os.environ.get("DB", os.path.join(os.path.dirname(os.path.abspath(__file__)), "products.db"))
PRODUCTS = 40000

app = Flask(__name__)


def seed():
    # gunicorn imports this module once per worker: the lock keeps two workers from filling the
    # table at once (the second finds it full).
    with open(DB + ".seed-lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
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


seed()
# A sync worker serves one request at a time: one connection per worker process.
db = sqlite3.connect(DB, check_same_thread=False)


def burn(microseconds):
    until = time.perf_counter() + microseconds / 1e6
    while time.perf_counter() < until:
        pass


@app.get("/health")
def health():
    return jsonify(ok=True)


@app.get("/products/<product_id>")
def product(product_id):
    try:
        product_id = int(product_id)
    except ValueError:
        return jsonify(error="id must be a number"), 400
    row = db.execute("select id, name, price, stock, category from products where id = ?", (product_id,)).fetchone()
    if EXTRA_CPU_US:
        burn(EXTRA_CPU_US)
    if row is None:
        return jsonify(error="no such product"), 404
    # The same unindexed scan as app.py's product page.
    count, mean = db.execute("select count(*), avg(price) from products where category = ?", (row[4],)).fetchone()
    body = dict(zip(("id", "name", "price", "stock", "category"), row))
    body["category_size"], body["category_mean_price"] = count, round(mean, 2)
    return jsonify(body)
