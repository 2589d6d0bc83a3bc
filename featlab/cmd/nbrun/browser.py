#!/usr/bin/python3
"""make test-browser: drive the notebook server of `make serve` in headless
Chromium (Debian's chromium, chromium-driver, python3-selenium) and check,
as a student or lecturer would see it:

  1. every stored figure of every notebook shows when the notebook is opened
     without running it (the server marks nothing trusted for this check:
     the notebooks are opened as they are stored);
  2. code cells show no tab arrows (jupyter/custom/custom.css is served);
  3. the pages of `make site` (nbrun site, opened from disk: no server, no
     kernel): every nb.Slider moves, its figure and value line change;
  4. Run All per notebook (FEATLAB_BROWSER_RUNALL="05 06" limits it to the
     notebooks whose names start so), timed from the click to the last
     cell's prompt number, against the same notebook executed headless
     (nbrun exec): it fails if Run All takes more than headless + 10 s or
     any cell fails; then every slider the run displayed moves in the live
     page. The table of both times closes the output;
  5. offline: one deck of `make slides` and one page of `make site`, copied
     to a folder under /tmp and served there by python's http.server on a
     spare port (nothing of /usr/share/javascript reachable): every request
     goes to that server and none fails, MathJax typesets every formula
     (no raw $...$ TeX left in the text), the deck has a slide per section;
  6. the exercise PASS/FAIL boxes, untrusted (styles dropped), say PASS or
     FAIL with a symbol in their text; the custom CSS of make serve is in
     effect (16 px table text, wrapped output lines).

usage: browser.py URL NOTEBOOK...   (URL as printed by make serve, with token;
the notebooks are given by their path, the server serves their folder; make
test-browser serves copies, and the script never saves a notebook)
Screenshots go to $FEATLAB_SHOTS (default /tmp/featlab-browser).
"""
import json
import os
import subprocess
import sys
import time
import urllib.parse

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

SHOTS = os.environ.get("FEATLAB_SHOTS", "/tmp/featlab-browser")


def driver():
    opts = webdriver.ChromeOptions()
    opts.binary_location = "/usr/bin/chromium"
    for a in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1280,1600"):
        opts.add_argument(a)
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=opts)


def wait(what, fn, timeout):
    end = time.time() + timeout
    while time.time() < end:
        try:
            v = fn()
            if v:
                return v
        except Exception:
            pass
        time.sleep(0.5)
    raise AssertionError("timed out after %ds waiting for %s" % (timeout, what))


def open_notebook(d, base, token, path):
    d.get("%s/notebooks/%s?token=%s" % (base, urllib.parse.quote(path), token))
    wait("the notebook to load", lambda: d.execute_script(
        "return window.Jupyter && Jupyter.notebook && Jupyter.notebook._fully_loaded"), 60)
    # Never write the notebook back: no autosave, no save on leaving.
    d.execute_script("""
        Jupyter.notebook.set_autosave_interval(0);
        Jupyter.notebook.save_notebook = () => Promise.resolve();
        Jupyter.notebook.set_dirty = () => {};
        window.onbeforeunload = null;""")


def stored_figures(path):
    nb = json.load(open(path))
    return sum(1 for c in nb["cells"] for o in c.get("outputs", []) if "image/png" in o.get("data", {}))


def check_unrun(d, base, token, nb_path, rel):
    open_notebook(d, base, token, rel)
    want = stored_figures(nb_path)
    got = d.execute_script("""
        return Array.from(document.querySelectorAll('.output_png img'))
            .filter(i => i.complete && i.naturalWidth > 0).length""")
    arrows = d.execute_script("""
        const t = document.querySelector('.CodeMirror span.cm-tab');
        return t ? getComputedStyle(t).backgroundImage : 'none'""")
    trusted = d.execute_script("return Jupyter.notebook.trusted")
    name = os.path.basename(nb_path)
    d.save_screenshot(os.path.join(SHOTS, name + "-unrun.png"))
    print("  %-32s unrun, trusted=%s: %d of %d stored figures shown; tab background: %s"
          % (name, trusted, got, want, arrows[:40]))
    assert got == want, "%s: %d of %d figures show without running" % (name, got, want)
    assert arrows == "none", "%s: tabs are drawn with a background image (arrow)" % name


def cell_sources(nb_path):
    return [("".join(c["source"]) if isinstance(c["source"], list) else c["source"])
            for c in json.load(open(nb_path))["cells"]]


def headless_seconds(nb_path):
    """The notebook executed headless (nbrun exec, as make test does)."""
    nbrun = os.environ.get("NBRUN", "bin/nbrun")
    t = time.time()
    r = subprocess.run([nbrun, "exec", nb_path], capture_output=True, text=True)
    if r.returncode != 0:
        raise AssertionError("%s failed headless:\n%s%s" % (nb_path, r.stdout[-2000:], r.stderr[-2000:]))
    return time.time() - t


MOVE_SLIDER = """
    const input = arguments[0], steps = arguments[1];
    const root = input.closest('.featlab-slider');
    input.value = Math.min(Number(input.max), Number(input.value) + steps);
    input.dispatchEvent(new Event('input', {bubbles: true}));
    return true;"""

# The figure a slider drives: the last <img> before the slider in its output.
SLIDER_IMG = """
    const root = arguments[0].closest('.featlab-slider');
    let img = null;
    for (let a = root.parentNode; a && !img; a = a.parentNode) {
      for (const i of a.querySelectorAll('img'))
        if (i.compareDocumentPosition(root) & Node.DOCUMENT_POSITION_FOLLOWING) img = i;
    }
    return img ? img.src : '';"""


def move_sliders(d, where, shot):
    """Moves every precomputed slider on the page two steps; its figure and
    value line must change at once (no kernel involved)."""
    inputs = d.find_elements(By.CSS_SELECTOR, "input.featlab-slider-input")
    for k, inp in enumerate(inputs):
        before = d.execute_script(SLIDER_IMG, inp)
        label0 = d.execute_script("return arguments[0].parentNode.innerText", inp)
        d.execute_script("arguments[0].scrollIntoView({block: 'center'});", inp)
        d.execute_script(MOVE_SLIDER, inp, 2)
        after = d.execute_script(SLIDER_IMG, inp)
        label1 = d.execute_script("return arguments[0].parentNode.innerText", inp)
        d.save_screenshot(shot % k)
        print("  %-44s slider %d moved: figure %s, %r -> %r"
              % (where, k, "changed" if after != before else "UNCHANGED", label0, label1))
        assert before and after != before, "%s: slider %d did not change its figure" % (where, k)
        assert label1 != label0, "%s: slider %d: its value line did not follow" % (where, k)
    return len(inputs)


def run_all(d, base, token, nb_path, rel):
    """Run All in the browser, timed, against the notebook's headless time;
    then every slider the run displayed moves in the (trusted, live) page."""
    name = os.path.basename(nb_path)
    src = cell_sources(nb_path)
    headless = headless_seconds(nb_path)
    open_notebook(d, base, token, rel)
    d.execute_script("""Jupyter.notebook.clear_all_output();
        Jupyter.notebook.get_cells().forEach(c => { if (c.cell_type === 'code') c.set_input_prompt(null); });""")
    wait("the kernel", lambda: d.execute_script(
        "return Jupyter.notebook.kernel && Jupyter.notebook.kernel.is_connected()"), 60)
    t = time.time()
    d.execute_script("Jupyter.notebook.execute_all_cells();")
    limit = headless + 10
    done = """return Jupyter.notebook.get_cells().every(c => c.cell_type !== 'code'
                 || (c.input_prompt_number !== '*' && c.input_prompt_number !== undefined
                     && c.input_prompt_number !== null))"""
    wait("Run All of %s" % name, lambda: d.execute_script(done), max(limit * 3, 300))
    took = time.time() - t
    errors = d.execute_script("""return Jupyter.notebook.get_cells().filter(c => c.cell_type === 'code'
        && c.output_area.outputs.some(o => o.output_type === 'error')).length""")
    d.save_screenshot(os.path.join(SHOTS, name + "-runall.png"))
    n = move_sliders(d, name + " (live, after Run All)", os.path.join(SHOTS, name + "-live-slider%d.png"))
    want = sum(s.count("nb.Slider(") for s in src)
    print("  %-32s Run All %5.1fs, headless %5.1fs (limit %5.1fs); %d cells with errors; %d of %d sliders moved"
          % (name, took, headless, limit, errors, n, want))
    d.execute_script("Jupyter.notebook.kernel.kill();")
    assert errors == 0, "%s: %d cells failed in Run All" % (name, errors)
    assert n == want, "%s: %d sliders on the page, %d nb.Slider calls" % (name, n, want)
    return took, headless


def site_sliders(d, notebooks):
    """Exports the stored notebooks as make site does and moves every slider
    on the pages, opened from disk: no server, no kernel."""
    nbrun = os.environ.get("NBRUN", "bin/nbrun")
    out = os.path.join(SHOTS, "site")
    r = subprocess.run([nbrun, "site", "-out", out] + notebooks, capture_output=True, text=True)
    if r.returncode != 0:
        raise AssertionError("nbrun site failed:\n%s%s" % (r.stdout[-2000:], r.stderr[-2000:]))
    for nb in notebooks:
        want = sum(s.count("nb.Slider(") for s in cell_sources(nb))
        if not want:
            continue
        stem = os.path.basename(nb)[:-len(".ipynb")]
        d.get("file://" + os.path.abspath(os.path.join(out, stem + ".html")))
        wait("the sliders of %s.html" % stem, lambda: len(d.find_elements(
            By.CSS_SELECTOR, "input.featlab-slider-input")) >= want, 30)
        n = move_sliders(d, stem + ".html (site, no kernel)", os.path.join(SHOTS, stem + "-site-slider%d.png"))
        assert n == want, "%s.html: %d sliders, %d nb.Slider calls" % (stem, n, want)


OFFLINE_NB = os.environ.get("FEATLAB_BROWSER_OFFLINE", "05")

# Wait for MathJax 2 to finish; then count formulas, typeset ones, errors,
# raw TeX left in the visible text, and the resources the page loaded.
MATH_STATE = r"""
    const mj = window.MathJax;
    const scripts = document.querySelectorAll('script[type^="math/tex"]').length;
    const chtml = document.querySelectorAll('.MathJax_CHTML').length;
    const errors = document.querySelectorAll('.MathJax_Error, merror').length;
    // (.aria-status: reveal.js's screen-reader copy of the slide's text,
    // taken before MathJax ran and never shown)
    const w = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT, {acceptNode: n =>
        n.parentNode.closest('script, style, pre, code, .MathJax_CHTML, .MJX_Assistive_MathML, .aria-status')
          ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT});
    let raw = [];
    for (let n; (n = w.nextNode());) {
      const m = n.nodeValue.match(/\$[^$\n]{0,60}\\[A-Za-z]+[^$\n]{0,60}\$|\\(frac|sum|mathbf|lambda|ell|sqrt)\b/);
      if (m) raw.push(m[0] + ' in <' + n.parentNode.tagName.toLowerCase() + ' class="' + n.parentNode.className + '">: '
                      + n.nodeValue.slice(Math.max(0, m.index - 50), m.index + 50));
    }
    const res = performance.getEntriesByType('resource').map(e => e.name);
    return {loaded: !!(mj && mj.Hub), scripts: scripts, chtml: chtml, errors: errors,
            raw: raw.slice(0, 5), resources: res,
            pending: mj && mj.Hub ? (mj.Hub.queue.pending || 0) + (mj.Hub.queue.running || 0) : -1};"""


def serve_copy(src_dirs):
    """Copies the folders to a fresh place under /tmp and serves it with
    python's http.server on a spare port; returns (url, root, process, log)."""
    import shutil
    import socket
    import tempfile
    root = tempfile.mkdtemp(prefix="featlab-offline-")
    for name, d in src_dirs.items():
        shutil.copytree(d, os.path.join(root, name))
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    log = open(os.path.join(root, "http.log"), "w+")
    p = subprocess.Popen(["/usr/bin/python3", "-m", "http.server", "--bind", "127.0.0.1", str(port)],
                         cwd=root, stdout=log, stderr=subprocess.STDOUT)
    base = "http://127.0.0.1:%d" % port
    wait("http.server on %d" % port, lambda: __import__("urllib.request").request.urlopen(base + "/", timeout=2).status == 200, 20)
    return base, root, p, log


def check_math(d, base, url, what):
    d.get(url)
    wait("MathJax on %s" % what, lambda: d.execute_script(MATH_STATE)["loaded"], 30)
    # (a slide change re-renders its formulas: raw TeX may show for a moment)
    try:
        wait("MathJax to finish %s" % what, lambda: (lambda st: st["pending"] == 0 and st["chtml"] >= st["scripts"] > 0 and not st["raw"])(
        d.execute_script(MATH_STATE)), 90)
    except AssertionError:
        pass  # said precisely by the assertions below
    st = d.execute_script(MATH_STATE)
    foreign = [r for r in st["resources"] if not r.startswith(base + "/") and not r.startswith("data:")]
    print("  %-44s %d formulas, %d typeset (CommonHTML), %d errors; %d requests, %d not to the server; raw TeX: %s"
          % (what, st["scripts"], st["chtml"], st["errors"], len(st["resources"]), len(foreign), st["raw"] or "none"))
    assert st["scripts"] > 0 and st["chtml"] >= st["scripts"], "%s: formulas not typeset" % what
    assert st["errors"] == 0, "%s: %d MathJax errors" % (what, st["errors"])
    assert not st["raw"], "%s: raw TeX visible: %s" % (what, st["raw"])
    assert not foreign, "%s: loads from outside its folder: %s" % (what, foreign[:5])
    return st


def offline(d, notebooks):
    """A deck and a site page, copied under /tmp and served over HTTP from
    there: formulas typeset, every asset from the copy, none missing."""
    nbrun = os.environ.get("NBRUN", "bin/nbrun")
    nb = next((n for n in notebooks if os.path.basename(n).startswith(OFFLINE_NB)), notebooks[0])
    stem = os.path.basename(nb)[:-len(".ipynb")]
    import tempfile
    exp = tempfile.mkdtemp(prefix="featlab-export-")
    try:
        for kind in ("site", "slides"):
            r = subprocess.run([nbrun, kind, "-out", os.path.join(exp, kind)] + notebooks, capture_output=True, text=True)
            if r.returncode != 0:
                raise AssertionError("nbrun %s failed:\n%s%s" % (kind, r.stdout[-2000:], r.stderr[-2000:]))
        base, root, server, log = serve_copy({"copy-of-site": os.path.join(exp, "site"),
                                              "elsewhere/decks": os.path.join(exp, "slides")})
    finally:
        subprocess.run(["rm", "-rf", exp])
    try:
        d.set_window_size(1280, 720)
        check_math(d, base, "%s/copy-of-site/%s.html" % (base, stem), "site %s.html (served copy)" % stem)
        d.execute_script("""const m = document.querySelector('.MJXc-display, .MathJax_Display') || document.querySelector('.MathJax_CHTML');
            m.scrollIntoView({block: 'center'});""")
        d.save_screenshot(os.path.join(SHOTS, "offline-site-%s.png" % stem))
        deck = "%s/elsewhere/decks/%s.slides.html" % (base, stem)
        check_math(d, base, deck, "deck %s.slides.html (served copy)" % stem)
        # reveal.js is loaded by require (no global): its state is in the DOM,
        # and the URL hash (history: true) moves between slides.
        wait("reveal.js", lambda: d.execute_script("return !!document.querySelector('.reveal.ready')"), 30)
        total = d.execute_script("return document.querySelectorAll('.reveal .slides > section').length")
        want = 1 + sum(1 for s in cell_sources(nb)[1:] if s.lstrip().startswith(("## ", "# ")))
        # Go to the first slide with a displayed formula and photograph it.
        h = d.execute_script("""const top = Array.from(document.querySelectorAll('.reveal .slides > section'));
            return top.findIndex(s => s.querySelector('.MJXc-display, .MathJax_Display'));""")
        d.execute_script("location.hash = '/' + arguments[0];", h)
        time.sleep(2)
        d.save_screenshot(os.path.join(SHOTS, "offline-deck-%s-slide%d.png" % (stem, h)))
        d.execute_script("location.hash = '/0';")
        time.sleep(2)
        d.save_screenshot(os.path.join(SHOTS, "offline-deck-%s-title.png" % stem))
        print("  %-44s %d slides (%d expected: the title and one per section)" % ("deck " + stem, total, want))
        assert total == want, "deck %s: %d slides, want %d (one per section)" % (stem, total, want)
        log.flush()
        log.seek(0)
        failed = [l.strip() for l in log if ('" 404 ' in l or '" 500 ' in l) and 'favicon.ico' not in l]
        print("  http.server: %s" % ("no failed request" if not failed else failed[:5]))
        assert not failed, "requests failed on the served copy: %s" % failed[:5]
    finally:
        server.terminate()
        server.wait()
        d.set_window_size(1280, 1600)
        subprocess.run(["rm", "-rf", root])


def exercise_boxes_and_css(d, base, token, notebooks):
    """Untrusted, the exercise boxes lose their colour: their text must still
    say PASS or FAIL with a symbol. And the custom CSS is served: table text
    16 px, long output lines wrapped."""
    nb = next((n for n in notebooks if os.path.basename(n).startswith("00")), notebooks[0])
    open_notebook(d, base, token, os.path.basename(nb))
    heads = d.execute_script("""
        return Array.from(document.querySelectorAll('.output_html b'))
          .map(b => b.innerText.trim()).filter(t => /PASS|FAIL/.test(t));""")
    colour = d.execute_script("""
        const b = Array.from(document.querySelectorAll('.output_html b')).find(b => /PASS|FAIL/.test(b.innerText));
        if (!b) return '';
        b.scrollIntoView({block: 'center'});
        return getComputedStyle(b).color + ' / ' + getComputedStyle(b.closest('div')).backgroundColor;""")
    d.save_screenshot(os.path.join(SHOTS, "exercise-boxes-untrusted.png"))
    print("  %-44s exercise box heads %s; colour untrusted: %s" % (os.path.basename(nb), heads, colour))
    assert heads, "no PASS/FAIL box found in %s" % nb
    for h in heads:
        assert h.startswith(("\u2714 PASS", "\u2718 FAIL")), "a box's head %r has no symbol and word" % h
    css = d.execute_script("""
        const td = document.querySelector('.output_html table, .rendered_html table');
        const pre = document.querySelector('.output_text pre, .output_stream pre');
        if (td) td.scrollIntoView({block: 'center'});
        return {td: td ? getComputedStyle(td).fontSize : '', pre: pre ? getComputedStyle(pre).whiteSpace : '',
                sheets: Array.from(document.styleSheets).map(s => s.href || '').filter(h => /custom/.test(h))};""")
    d.save_screenshot(os.path.join(SHOTS, "custom-css-table.png"))
    print("  %-44s custom CSS %s: table text %s, output white-space %s" % (os.path.basename(nb), css["sheets"], css["td"], css["pre"]))
    assert css["td"] == "16px", "table text is %s, want 16px (jupyter/custom/custom.css)" % css["td"]
    assert css["pre"] in ("pre-wrap", "break-spaces"), "output lines are not wrapped: white-space %s" % css["pre"]


def main():
    url, notebooks = sys.argv[1], sys.argv[2:]
    os.makedirs(SHOTS, exist_ok=True)
    base = url.split("/?")[0]
    token = url.split("token=")[1]
    d = driver()
    only = os.environ.get("FEATLAB_BROWSER_RUNALL", "").split()
    times = []
    try:
        for nb in notebooks:
            check_unrun(d, base, token, nb, os.path.basename(nb))
        site_sliders(d, notebooks)
        exercise_boxes_and_css(d, base, token, notebooks)
        offline(d, notebooks)
        for nb in notebooks:
            if not only or any(os.path.basename(nb).startswith(o) for o in only):
                times.append((os.path.basename(nb),) + run_all(d, base, token, nb, os.path.basename(nb)))
    finally:
        # Shut down every kernel the pages started, through the server.
        try:
            d.get("%s/tree?token=%s" % (base, token))
            d.execute_async_script("""
                const done = arguments[arguments.length - 1];
                const xsrf = (document.cookie.match(/_xsrf=([^;]+)/) || [])[1] || '';
                const h = {'X-XSRFToken': xsrf};
                fetch('/api/sessions', {headers: h}).then(r => r.json())
                  .then(ss => Promise.all(ss.map(s => fetch('/api/sessions/' + s.id, {method: 'DELETE', headers: h}))))
                  .then(() => done(true), () => done(false));""")
        finally:
            d.quit()
    print("  Run All in the browser against headless (nbrun exec), seconds:")
    for name, took, headless in times:
        print("    %-32s %6.1f %6.1f" % (name, took, headless))
    slow = [n for n, took, h in times if took > h + 10]
    print("  screenshots in %s" % SHOTS)
    assert not slow, "Run All took more than headless + 10 s: %s" % ", ".join(slow)


if __name__ == "__main__":
    main()
