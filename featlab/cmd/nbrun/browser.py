#!/usr/bin/python3
"""make test-browser: drive the notebook server of `make serve` in headless
Chromium (Debian's chromium, chromium-driver, python3-selenium) and check,
as a student or lecturer would see it:

  1. every stored figure of every notebook shows when the notebook is opened
     without running it (the server marks nothing trusted for this check:
     the notebooks are opened as they are stored);
  2. code cells show no tab arrows (jupyter/custom/custom.css is served);
  3. for every cell that calls nb.Slider: running the notebook up to that
     cell shows a slider under the figure; moving the slider redraws the
     figure (its PNG changes) and the label under it follows.

usage: browser.py URL NOTEBOOK...   (URL as printed by make serve, with token;
the notebooks are given by their path, the server serves their folder; make
test-browser serves copies, and the script never saves a notebook)
Screenshots go to $FEATLAB_SHOTS (default /tmp/featlab-browser).
"""
import json
import os
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


def check_sliders(d, base, token, nb_path, rel):
    src = [("".join(c["source"]) if isinstance(c["source"], list) else c["source"])
           for c in json.load(open(nb_path))["cells"]]
    if not any("nb.Slider(" in s for s in src):
        return
    name = os.path.basename(nb_path)
    open_notebook(d, base, token, rel)
    cells = d.execute_script("""
        const cs = Jupyter.notebook.get_cells();
        return cs.map((c, i) => [i, c.cell_type, c.get_text().includes('nb.Slider(')])""")
    for idx, _, has in cells:
        if not has:
            continue
        d.execute_script("Jupyter.notebook.clear_all_output();")
        code = [i for i, t, _ in cells if t == "code" and i <= idx]
        d.execute_script("Jupyter.notebook.execute_cells(arguments[0]);", code)
        out = "Jupyter.notebook.get_cell(%d).output_area.element[0]" % idx
        slider = wait("the slider of cell %d" % idx, lambda: d.execute_script(
            "return %s.querySelector('input[type=range]')" % out), 300)
        # The slider's figure is the last image of the cell (figures shown
        # before it in the same cell come first).
        img = lambda: d.execute_script(
            "const i = Array.from(%s.querySelectorAll('.output_png img')).pop(); return i ? i.src : ''" % out)
        label = lambda: d.execute_script(
            "const l = Array.from(%s.querySelectorAll('.featlab-slider-label')).pop(); return l ? l.innerText : ''" % out)
        before, label0 = wait("the figure", img, 60), label()
        d.execute_script("arguments[0].scrollIntoView({block: 'center'});", slider)
        d.save_screenshot(os.path.join(SHOTS, "%s-cell%d-before.png" % (name, idx)))
        slider.click()  # focus; a click also moves it to the middle
        for _ in range(2):
            slider.send_keys(Keys.ARROW_RIGHT)
        after = wait("the figure to change after moving the slider", lambda: img() != before and img(), 120)
        time.sleep(2)
        after = img()
        d.save_screenshot(os.path.join(SHOTS, "%s-cell%d-after.png" % (name, idx)))
        print("  %-32s cell %d: slider moved, figure redrawn (%d -> %d bytes of PNG), label %r -> %r"
              % (name, idx, len(before), len(after), label0, label()))
        assert label() != label0, "the label did not follow the slider"
        d.execute_script("Jupyter.notebook.kernel.interrupt();")
        time.sleep(2)
    d.execute_script("Jupyter.notebook.kernel.kill();")


def main():
    url, notebooks = sys.argv[1], sys.argv[2:]
    os.makedirs(SHOTS, exist_ok=True)
    base = url.split("/?")[0]
    token = url.split("token=")[1]
    d = driver()
    try:
        for nb in notebooks:
            check_unrun(d, base, token, nb, os.path.basename(nb))
        for nb in notebooks:
            check_sliders(d, base, token, nb, os.path.basename(nb))
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
    print("  screenshots in %s" % SHOTS)


if __name__ == "__main__":
    main()
