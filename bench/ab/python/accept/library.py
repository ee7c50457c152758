"""A small library-catalogue service: a plain WSGI callable (no framework) served by gunicorn's
threaded worker (keep-alive, 1 worker x 4 threads), over SQLite, JSON out.

  gunicorn -k gthread -w 1 --threads 4 -b 127.0.0.1:$PORT library:app

Endpoints:
  GET  /health                 liveness
  GET  /books/<id>             the book, its author and its last 10 reviews with their mean, and 10 similar books (fast, p50 ~1.5 ms)
  GET  /authors/<id>/report    every book of the author with review counts and means (slow, ~5-10 ms)
  POST /loans                  {"book": id, "member": id} -> inserts a loan (a write)

BURN_US makes GET /books/<id> spend that many more microseconds of CPU per request (a busy loop):
the "head" copy sets it in code, see BURN_US below.
"""
import json
import os
import random
import sqlite3
import threading
import time

BURN_US = int(os.environ.get("BURN_US", "0"))
DB = os.environ.get("LIBRARY_DB", os.path.join(os.path.dirname(os.path.abspath(__file__)), "library.db"))
BOOKS, AUTHORS, REVIEWS = 20000, 2000, 200000

_local = threading.local()


def db():
    conn = getattr(_local, "conn", None)
    if conn is None:
        conn = sqlite3.connect(DB, check_same_thread=False, timeout=5)
        conn.row_factory = sqlite3.Row
        _local.conn = conn
    return conn


def seed():
    conn = sqlite3.connect(DB, timeout=30)
    conn.executescript(
        """
        create table if not exists authors (id integer primary key, name text, country text);
        create table if not exists books (id integer primary key, title text, author int, year int, isbn text);
        create table if not exists reviews (id integer primary key, book int, stars int, body text, at int);
        create table if not exists loans (id integer primary key, book int, member int, at int);
        create index if not exists reviews_book on reviews(book, at);
        create index if not exists books_author on books(author);
        """
    )
    if conn.execute("select count(*) from books").fetchone()[0] < BOOKS:
        rnd = random.Random(7)
        conn.execute("delete from authors"); conn.execute("delete from books"); conn.execute("delete from reviews")
        conn.executemany("insert into authors values (?,?,?)",
                         [(i, f"Author {i}", rnd.choice(["FR", "DE", "UK", "IT", "NO"])) for i in range(1, AUTHORS + 1)])
        conn.executemany("insert into books values (?,?,?,?,?)",
                         [(i, f"Book number {i}", rnd.randint(1, AUTHORS), rnd.randint(1900, 2026), f"978{i:010d}")
                          for i in range(1, BOOKS + 1)])
        conn.executemany("insert into reviews values (?,?,?,?,?)",
                         [(i, rnd.randint(1, BOOKS), rnd.randint(1, 5), "x" * rnd.randint(20, 200), rnd.randint(0, 10**9))
                          for i in range(1, REVIEWS + 1)])
        conn.commit()
    conn.close()


def burn(us):
    end = time.perf_counter() + us / 1e6
    while time.perf_counter() < end:
        pass


def book(book_id):
    conn = db()
    row = conn.execute(
        "select b.id, b.title, b.year, b.isbn, a.id as author_id, a.name as author, a.country "
        "from books b join authors a on a.id = b.author where b.id = ?", (book_id,)).fetchone()
    if row is None:
        return 404, {"error": f"no book {book_id}"}
    reviews = [dict(r) for r in conn.execute(
        "select stars, body, at from reviews where book = ? order by at desc limit 10", (book_id,))]
    mean = sum(r["stars"] for r in reviews) / len(reviews) if reviews else None
    # "Readers also liked": the best-rated books of the same year by authors of the same country
    # (a scan of the books table, no index on year: the part of the request that costs ~1 ms).
    similar = [dict(r) for r in conn.execute(
        "select b.id, b.title, avg(r.stars) as mean, count(r.id) as n from books b join authors a on a.id = b.author "
        "left join reviews r on r.book = b.id where a.country = ? and b.year = ? and b.id != ? "
        "group by b.id order by mean desc, b.id limit 10", (row["country"], row["year"], book_id))]
    if BURN_US:
        burn(BURN_US)
    return 200, {**dict(row), "reviews": reviews, "meanStars": mean, "similar": similar}


def author_report(author_id):
    rows = [dict(r) for r in db().execute(
        "select b.id, b.title, count(r.id) as reviews, avg(r.stars) as mean from books b "
        "left join reviews r on r.book = b.id where b.author = ? group by b.id order by b.year", (author_id,))]
    return 200, {"author": author_id, "books": rows}


def loan(body):
    try:
        data = json.loads(body or b"{}")
        book_id, member = int(data["book"]), int(data["member"])
    except (ValueError, KeyError, TypeError):
        return 400, {"error": "want {\"book\": int, \"member\": int}"}
    conn = db()
    with conn:
        cur = conn.execute("insert into loans (book, member, at) values (?,?,?)", (book_id, member, int(time.time())))
    return 201, {"loan": cur.lastrowid}


def app(environ, start_response):
    path, method = environ.get("PATH_INFO", "/"), environ["REQUEST_METHOD"]
    parts = [p for p in path.split("/") if p]
    try:
        if path == "/health":
            status, payload = 200, {"ok": True}
        elif method == "GET" and len(parts) == 2 and parts[0] == "books":
            status, payload = book(int(parts[1]))
        elif method == "GET" and len(parts) == 3 and parts[0] == "authors" and parts[2] == "report":
            status, payload = author_report(int(parts[1]))
        elif method == "POST" and path == "/loans":
            size = int(environ.get("CONTENT_LENGTH") or 0)
            status, payload = loan(environ["wsgi.input"].read(size))
        else:
            status, payload = 404, {"error": f"no route {method} {path}"}
    except ValueError:
        status, payload = 400, {"error": "bad id"}
    out = json.dumps(payload).encode()
    reason = {200: "OK", 201: "Created", 400: "Bad Request", 404: "Not Found"}[status]
    start_response(f"{status} {reason}", [("content-type", "application/json"), ("content-length", str(len(out)))])
    return [out]


seed()
