#!/usr/bin/python3
"""web_browser.py BIN [SHOTS_DIR] - the page of `gamelearn web` in a real
browser (issue 18 item 7): headless Chromium driven by Selenium (Debian's
chromium, chromium-driver and python3-selenium) plays a whole tic-tac-toe
game by clicking the board, takes a move back with Undo, moves a checkers
man by two clicks, and teaches
Martens' machine a game, seeing its memory grow (configurations recorded,
the W/D/L record, the memory file saved in --data) and kept for the next
game; that uct's form shows time, iterations and c with the rest folded
under "advanced" (issue 69); and (issue 68) that the server answers only
its own page: a
fetch from the page whose body is not said to be JSON is refused (415),
the page works when reached as localhost too, and a request another
origin's page sends (a form's text/plain POST) makes nothing (403).
And (issue 74) the board a class can follow: a click draws the person's
move at once with a "thinking..." mark and holds input until the reply
(checked in the click's own script, so no timing is assumed), the last
move is highlighted, the learner's curve grows game by game, and at
400 px no view scrolls sideways (11x11 Hex, Results with a run and a
table included). Every wait is explicit with a generous timeout. With
SHOTS_DIR it also saves a screenshot of every view there at 1280x800
and 400x800 (VIEW-1280.png, VIEW-400.png)."""
import os
import re
import shutil
import subprocess
import sys
import tempfile
import json
import urllib.request

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.common.exceptions import (NoSuchElementException,
                                        StaleElementReferenceException)
from selenium.webdriver.support.ui import Select, WebDriverWait

TIMEOUT = 60  # seconds any one wait may take


def start_server(binary, data):
    p = subprocess.Popen([binary, "web", "--port", "0", "--data", data],
                         stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    line = p.stdout.readline()
    m = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
    if not m:
        p.kill()
        sys.exit("web_browser: the server did not start: " + line)
    return p, "http://127.0.0.1:%s/" % m.group(1)


def browser():
    opt = webdriver.ChromeOptions()
    for a in ("--headless=new", "--no-sandbox", "--disable-gpu",
              "--disable-dev-shm-usage", "--window-size=1280,800",
              "--hide-scrollbars"):
        opt.add_argument(a)
    if os.path.exists("/usr/bin/chromium"):
        opt.binary_location = "/usr/bin/chromium"
    drv = shutil.which("chromedriver") or "/usr/bin/chromedriver"
    return webdriver.Chrome(service=Service(drv), options=opt)


class Check:
    def __init__(self):
        self.passed = 0
        self.failed = 0

    def __call__(self, cond, what):
        if cond:
            self.passed += 1
        else:
            self.failed += 1
            print("FAIL: " + what, file=sys.stderr)


# The page is redrawn after every reply, so read it by script, at once,
# rather than through element handles that a redraw makes stale.
def text_of(d, id_):
    return d.execute_script(
        "const e = document.getElementById(arguments[0]); return e ? e.textContent : '';", id_)


def status(d, view):
    return text_of(d, view + "-status")


def history(d, view):
    return d.execute_script(
        "for (const e of document.querySelectorAll('#' + arguments[0] + ' .hint'))"
        "  if (e.textContent.startsWith('Moves: ')) return e.textContent.slice(7);"
        "return '';", view)


def sessions(url):
    """The sessions the server holds, asked directly (not by the page)."""
    with urllib.request.urlopen(url + "api/sessions", timeout=TIMEOUT) as r:
        return len(json.load(r)["sessions"])


# fetch(url, opts) from the page: [status, body], or [0, the error] when
# the browser hides the reply (a no-cors request to another origin)
FETCH = """const done = arguments[arguments.length - 1];
fetch(arguments[0], arguments[1]).then(r => r.text().then(t => done([r.status, t])))
  .catch(e => done([0, String(e)]));"""


def plies(d, view):
    h = history(d, view)
    return 0 if h == "none yet" else len(h.split())


def click_move(d, wait, view):
    """Click the board cell of the first legal move; wait for the reply."""
    before = plies(d, view)
    first = d.execute_script(
        "return document.querySelector('#' + arguments[0] + ' .legal button').dataset.move;", view)
    d.find_element(By.CSS_SELECTOR, '#%s .board [data-move="%s"]' % (view, first)).click()
    # the move is drawn at once; the reply has come when the thinking
    # mark has gone
    wait.until(lambda x: (plies(x, view) > before or "Game over" in status(x, view)) and
               not x.find_elements(By.ID, view + "-thinking"))


def play_out(d, wait, view, check):
    for _ in range(9):
        if "Game over" in status(d, view):
            break
        click_move(d, wait, view)
    check("Game over" in status(d, view), view + ": the game ends: " + status(d, view))


# A click on the board from a script, and what the page shows at once,
# before any reply can have come: the person's mark drawn, the thinking
# mark, and a second click held back.
CLICK_NOW = """const view = arguments[0], move = arguments[1];
document.querySelector('#' + view + ' .board [data-move="' + move + '"]').dispatchEvent(new MouseEvent('click'));
const marked = Array.from(document.querySelectorAll('#' + view + ' .board text:not(.coord)')).length;
const thinking = document.getElementById(view + '-thinking');
const other = Array.from(document.querySelectorAll('#' + view + ' .board [data-move]'))
  .find(e => e.dataset.move !== move);
if (other) other.dispatchEvent(new MouseEvent('click'));
return [marked, thinking ? thinking.textContent : '',
        (document.getElementById(view + '-message') || {}).textContent || ''];"""


def side_scroll(d):
    """How far the page is wider than the window (0: no sideways scroll)."""
    return d.execute_script(
        "return document.documentElement.scrollWidth - document.documentElement.clientWidth;")


def size(d, w, h):
    """The page's viewport (not the window) w x h."""
    d.set_window_size(w, h)
    dw, dh = d.execute_script("return [window.innerWidth, window.innerHeight];")
    d.set_window_size(2 * w - dw, 2 * h - dh)


def shoot(d, shots, name):
    if shots:
        # after the page has painted what it holds now
        d.execute_async_script(
            "requestAnimationFrame(() => requestAnimationFrame(arguments[0]));")
        d.save_screenshot(os.path.join(shots, name + ".png"))


def learned_total(d):
    return d.execute_script(
        "const p = document.getElementById('learned-facts');"
        "return p ? +p.dataset.won + +p.dataset.hopeless : -1;")


def wdl(d):
    return sum(int((text_of(d, "learned-" + k) or "x -100").split()[1])
               for k in ("wins", "draws", "losses"))


def main():
    binary = os.path.abspath(sys.argv[1])
    shots = sys.argv[2] if len(sys.argv) > 2 else None
    data = tempfile.mkdtemp(prefix="gl-web-")
    server, url = start_server(binary, data)
    d = None
    check = Check()
    try:
        d = browser()
        size(d, 1280, 800)
        wait = WebDriverWait(d, TIMEOUT, ignored_exceptions=(
            NoSuchElementException, StaleElementReferenceException))
        # play: the page opens on a tic-tac-toe game against alphabeta
        d.get(url + "#play")
        wait.until(lambda x: x.find_elements(By.CSS_SELECTOR, "#play-game-view .board rect.cell"))
        check(status(d, "play-game-view").startswith("Player 1 (you) to move"),
              "play: you move first: " + status(d, "play-game-view"))
        # an illegal click is explained
        click_move(d, wait, "play-game-view")
        taken = history(d, "play-game-view").split()[0]
        d.find_element(By.CSS_SELECTOR, '#play-game-view .board [data-move="%s"]' % taken).click()
        wait.until(lambda x: text_of(x, "play-game-view-message"))
        msg = text_of(d, "play-game-view-message")
        check("not legal" in msg or "illegal" in msg, "play: occupied cell explained: " + msg)
        # undo takes back my move and the reply
        check(plies(d, "play-game-view") == 2, "play: a move and its reply")
        d.find_element(By.ID, "play-game-view-undo").click()
        wait.until(lambda x: plies(x, "play-game-view") == 0)
        check(not d.find_elements(By.CSS_SELECTOR, "#play-game-view svg text:not(.coord)"),
              "play: the board is empty after undo")
        # the person's move drawn at once, the machine's thinking shown
        # with a clock, and a click meanwhile held, not sent
        first = d.execute_script(
            "return document.querySelector('#play-game-view .legal button').dataset.move;")
        marked, thinking, said = d.execute_script(CLICK_NOW, "play-game-view", first)
        check(marked == 1, "play: the person's mark drawn at once (%d marks)" % marked)
        check("thinking" in thinking and " s" in thinking,
              "play: a thinking mark with a clock: %r" % thinking)
        check("thinking" in said and "legal" not in said,
              "play: a click while it thinks is held: %r" % said)
        wait.until(lambda x: plies(x, "play-game-view") == 2 and
                   not x.find_elements(By.ID, "play-game-view-thinking"))
        # the last move (the machine's reply) is highlighted on the board
        last = history(d, "play-game-view").split()[-1]
        lit = [e.get_attribute("data-move") for e in
               d.find_elements(By.CSS_SELECTOR, "#play-game-view .board .cell.last")]
        check(lit == [last], "play: the last move %s highlighted (%s)" % (last, lit))
        check(d.find_elements(By.ID, "play-game-view-legend"), "play: a legend")
        d.find_element(By.ID, "play-game-view-undo").click()
        wait.until(lambda x: plies(x, "play-game-view") == 0)
        # a whole game by clicking
        play_out(d, wait, "play-game-view", check)
        marks = d.find_elements(By.CSS_SELECTOR, "#play-game-view svg text:not(.coord)")
        check(len(marks) >= 5, "play: marks drawn on the board (%d)" % len(marks))
        shoot(d, shots, "play-1280")

        # uct's form (under the opponent's "settings", the strength named
        # above them): a handful of plain choices, the rest folded under
        # "advanced" (closed), and a value typed there still in the spec
        d.find_element(By.CSS_SELECTOR, "#play-settings summary").click()
        Select(d.find_element(By.ID, "play-agent")).select_by_value("uct")
        check(d.find_element(By.ID, "play-strength").get_attribute("value") ==
              str(len(d.find_elements(By.CSS_SELECTOR, "#play-strength option")) - 1),
              "play: an agent chosen by hand makes the strength custom")
        box = d.find_element(By.ID, "play-agent-params")
        plain = [i.get_attribute("data-key") for i in
                 box.find_elements(By.CSS_SELECTOR, ":scope > label > input")]
        folded = [i.get_attribute("data-key") for i in
                  box.find_elements(By.CSS_SELECTOR, "details.advanced input")]
        check(plain == ["time", "iterations", "c"],
              "uct: plain choices time, iterations, c (%s)" % plain)
        check(len(folded) >= 10 and "tau" in folded and "time" not in folded,
              "uct: the rest under advanced (%d: %s)" % (len(folded), folded))
        adv = box.find_element(By.CSS_SELECTOR, "details.advanced")
        opened = d.execute_script("return arguments[0].open;", adv)
        tau = box.find_element(By.CSS_SELECTOR, 'input[data-key="tau"]')
        visible = "return arguments[0].checkVisibility();"  # a closed
        # <details> hides its content by content-visibility, which
        # Selenium's is_displayed() does not read
        shown = d.execute_script(visible, tau)
        check(not opened and not shown,
              "uct: advanced folded at first (open %s, tau shown %s)" % (opened, shown))
        adv.find_element(By.TAG_NAME, "summary").click()
        wait.until(lambda x: x.execute_script(visible, tau))
        tau.send_keys("25")
        spec = d.execute_script(
            "return agentSpec(document.getElementById('play-agent'),"
            " document.getElementById('play-agent-params'));")
        check(spec == "uct:tau=25", "uct: an advanced value in the spec (%s)" % spec)

        # checkers by two clicks (a man, then its square), and a bad one explained
        Select(d.find_element(By.ID, "play-game")).select_by_value("checkers")
        Select(d.find_element(By.ID, "play-strength")).select_by_index(0)  # easy: random
        check(d.find_element(By.ID, "play-agent").get_attribute("value") == "random",
              "play: the easy strength is random")
        d.find_element(By.ID, "play-new").click()
        wait.until(lambda x: x.find_elements(By.CSS_SELECTOR, '#play-game-view [data-square="11"]'))
        d.find_element(By.CSS_SELECTOR, '#play-game-view [data-square="11"]').click()
        wait.until(lambda x: x.find_elements(By.CSS_SELECTOR, '#play-game-view [data-square="15"]'))
        d.find_element(By.CSS_SELECTOR, '#play-game-view [data-square="15"]').click()
        wait.until(lambda x: plies(x, "play-game-view") == 2)
        check(history(d, "play-game-view").startswith("11-15 "), "checkers: 11-15 by clicks")
        d.find_element(By.CSS_SELECTOR, '#play-game-view [data-square="9"]').click()
        wait.until(lambda x: x.find_elements(By.CSS_SELECTOR, '#play-game-view [data-square="20"]'))
        d.find_element(By.CSS_SELECTOR, '#play-game-view [data-square="20"]').click()
        wait.until(lambda x: text_of(x, "play-game-view-message"))
        check("9-20" in text_of(d, "play-game-view-message"), "checkers: a bad move explained")
        lit = sorted(int(e.get_attribute("data-square")) for e in
                     d.find_elements(By.CSS_SELECTOR, "#play-game-view .board .cell.last"))
        reply = history(d, "play-game-view").split()[-1]
        check(lit == sorted(int(q) for q in re.split("[-x]", reply)),
              "checkers: the reply %s highlighted (%s)" % (reply, lit))

        # teach: martens learns from a game; its memory grows and is kept
        d.get(url + "#teach")
        wait.until(lambda x: x.find_element(By.ID, "teach-new").is_displayed())
        d.find_element(By.ID, "teach-new").click()
        wait.until(lambda x: x.find_elements(By.ID, "learned-facts"))
        check(learned_total(d) == 0 and wdl(d) == 0, "teach: a fresh memory")
        check("not saved yet" in text_of(d, "learned-facts"),
              "teach: nothing saved before the first game")
        play_out(d, wait, "teach-game-view", check)
        wait.until(lambda x: wdl(x) == 1)
        check(learned_total(d) >= 1, "teach: a configuration learned (%d)" % learned_total(d))
        check("bytes" in text_of(d, "learned-facts"), "teach: memory saved")
        mem = os.path.join(data, "memory", "martens--tictactoe.mem")
        check(os.path.getsize(mem) > 0, "teach: the memory file in --data")
        first = learned_total(d)
        check("O the machine" in text_of(d, "learned"),
              "teach: the memory in the marks of the board (the machine plays O)")
        check(d.execute_script("const c = document.getElementById('learned-curve');"
                               "return c ? +c.dataset.points : 0;") == 1,
              "teach: the learning curve has the first game")
        shoot(d, shots, "teach-1280")
        # a second game starts from what was learned, and adds to it; the
        # page deletes the first game's session (a DELETE, said to be JSON
        # as the server asks), so the server holds as many as before
        held = sessions(url)
        d.find_element(By.ID, "teach-new").click()
        wait.until(lambda x: wdl(x) == 1 and plies(x, "teach-game-view") == 0 and
                   "not saved yet" not in text_of(x, "learned-facts"))
        check(sessions(url) == held, "teach: the old game's session deleted "
              "(%d sessions, %d before)" % (sessions(url), held))
        check(learned_total(d) == first, "teach: memory kept for the next game")
        play_out(d, wait, "teach-game-view", check)
        wait.until(lambda x: wdl(x) == 2)
        check(learned_total(d) >= first, "teach: memory still there after the second game")
        check(d.execute_script("const c = document.getElementById('learned-curve');"
                               "return c ? +c.dataset.points : 0;") == 2,
              "teach: the learning curve grows by the second game")

        # results: the library's experiments, and a quick run of one shown
        d.get(url + "#results")
        wait.until(lambda x: len(x.find_elements(By.CSS_SELECTOR, "#experiments-list li")) == 5)
        names = [li.get_attribute("data-experiment")
                 for li in d.find_elements(By.CSS_SELECTOR, "#experiments-list li")]
        check("hwang" in names and "banerjee-stone" in names, "results: experiments %s" % names)
        d.find_element(By.CSS_SELECTOR, '#experiments-list li[data-experiment="hwang"] button').click()
        wait.until(lambda x: "optimum 7 swaps" in text_of(x, "results-view"))
        check(len(d.find_elements(By.CSS_SELECTOR, "#results-view table.csv")) >= 2,
              "results: the run's tables shown")
        wait.until(lambda x: any(li.text.startswith("[hwang] experiments/hwang/")
                                 for li in x.find_elements(By.CSS_SELECTOR, "#results-list li")))
        # the server answers only its own page: a fetch of the page's with
        # a body not said to be JSON is refused, as a form's would be
        d.set_script_timeout(TIMEOUT)
        n = sessions(url)
        st, body = d.execute_async_script(FETCH, url + "api/sessions", {
            "method": "POST", "headers": {"Content-Type": "text/plain"},
            "body": json.dumps({"game": "nim", "opponent": "random"})})
        check(st == 415 and "Content-Type" in body,
              "a text/plain fetch refused: %s %s" % (st, body[:200]))
        check(sessions(url) == n, "no session made by the text/plain fetch")
        # the page reached as localhost (its own origin then) still plays
        port = re.search(r":(\d+)/", url).group(1)
        local = "http://localhost:%s/" % port
        d.get(local + "#play")
        wait.until(lambda x: x.find_elements(By.CSS_SELECTOR, "#play-game-view .board rect.cell"))
        click_move(d, wait, "play-game-view")
        check(plies(d, "play-game-view") == 2, "the page as localhost plays")
        # and from there 127.0.0.1 is another origin: a form-like POST
        # to it (no-cors, text/plain, its reply hidden) makes nothing
        n = sessions(url)
        d.execute_async_script(FETCH, url + "api/sessions", {
            "method": "POST", "mode": "no-cors",
            "headers": {"Content-Type": "text/plain"},
            "body": json.dumps({"game": "nim", "opponent": "random"})})
        check(sessions(url) == n, "another origin's POST made a session")
        # watch: a GGP match played while the tab is open appears in the
        # list by itself, and its state is drawn as a board
        d.get(url + "#watch")
        wait.until(lambda x: x.find_elements(By.CSS_SELECTOR, "#matches-list li"))
        kif = os.path.join(os.path.dirname(os.path.abspath(__file__)),
                           "data", "gdl", "games", "ticTacToe.kif")
        subprocess.run([binary, "ggp", "match", kif, "--player", "random", "--player",
                        "random", "--live", os.path.join(data, "matches")],
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                       timeout=TIMEOUT, check=True)
        wait.until(lambda x: x.find_elements(By.CSS_SELECTOR, '#matches-list li[data-path$=".json"]'))
        d.find_element(By.CSS_SELECTOR, '#matches-list li[data-path$=".json"]').click()
        wait.until(lambda x: x.find_elements(By.CSS_SELECTOR, "#match-board svg rect"))
        check(len(d.find_elements(By.CSS_SELECTOR, "#match-board svg rect")) == 9,
              "watch: the GGP tic-tac-toe match drawn as a 3x3 board")

        # every view at 1280 and at a phone's 400 px: nothing wider than
        # the window (Results with the run's tables and a CSV shown; Play
        # with 11x11 Hex; Watch after a whole game)
        for w in (1280, 400):
            size(d, w, 800)
            d.get(url + "#play")
            d.refresh()  # a page of its own each width (a new hash alone keeps the old)
            wait.until(lambda x: x.find_elements(By.CSS_SELECTOR, "#play-game-view .board .cell"))
            check(side_scroll(d) <= 0, "play at %d px: %d px sideways" % (w, side_scroll(d)))
            if w == 400:
                shoot(d, shots, "play-400")
            Select(d.find_element(By.ID, "play-game")).select_by_value("hex")
            d.find_element(By.ID, "play-params").clear()
            d.find_element(By.ID, "play-params").send_keys("size=11")
            Select(d.find_element(By.ID, "play-strength")).select_by_index(0)
            d.find_element(By.ID, "play-new").click()
            wait.until(lambda x: len(x.find_elements(By.CSS_SELECTOR, "#play-game-view polygon.cell")) == 121)
            click_move(d, wait, "play-game-view")
            check(side_scroll(d) <= 0, "11x11 hex at %d px: %d px sideways" % (w, side_scroll(d)))
            shoot(d, shots, "hex-%d" % w)
            # another learner each time: the game left open holds its memory
            learner = "td" if w == 400 else "lauto"
            d.get(url + "#teach")
            wait.until(lambda x: x.find_element(By.ID, "teach-new").is_displayed())
            Select(d.find_element(By.ID, "teach-agent")).select_by_value(learner)
            d.find_element(By.ID, "teach-new").click()
            wait.until(lambda x: x.find_elements(By.ID, "learned-facts"))
            click_move(d, wait, "teach-game-view")
            check(side_scroll(d) <= 0, "teach at %d px: %d px sideways" % (w, side_scroll(d)))
            if w == 400:
                shoot(d, shots, "teach-400")
            d.get(url + "#watch")
            wait.until(lambda x: x.find_element(By.ID, "watch-new").is_displayed())
            Select(d.find_element(By.ID, "watch-speed")).select_by_value("100")
            d.find_element(By.ID, "watch-new").click()
            wait.until(lambda x: "Game over" in status(x, "watch-game-view"))
            check(side_scroll(d) <= 0, "watch at %d px: %d px sideways" % (w, side_scroll(d)))
            shoot(d, shots, "watch-%d" % w)
            d.get(url + "#results")
            wait.until(lambda x: x.find_elements(By.CSS_SELECTOR, '#experiments-list li[data-experiment="hwang"]'))
            d.find_element(By.CSS_SELECTOR, '#experiments-list li[data-experiment="hwang"]').click()
            wait.until(lambda x: "optimum 7 swaps" in text_of(x, "results-view"))
            check(side_scroll(d) <= 0, "results at %d px: %d px sideways" % (w, side_scroll(d)))
            svg = d.find_elements(By.CSS_SELECTOR, '#results-list li[data-path$="fig4-7.svg"]')
            if svg:  # a plot, as the shot shows Results
                svg[0].click()
                wait.until(lambda x: x.find_elements(By.CSS_SELECTOR, "#results-view img"))
                wait.until(lambda x: x.execute_script(
                    "const i = document.querySelector('#results-view img'); return i && i.complete;"))
                check(side_scroll(d) <= 0, "a plot at %d px: %d px sideways" % (w, side_scroll(d)))
            shoot(d, shots, "results-%d" % w)
            csv = d.find_elements(By.CSS_SELECTOR, '#results-list li[data-path$=".csv"]')
            if csv:
                csv[0].click()
                wait.until(lambda x: x.find_elements(By.CSS_SELECTOR, "#results-view table.csv"))
                check(side_scroll(d) <= 0, "a CSV at %d px: %d px sideways" % (w, side_scroll(d)))
    finally:
        if d:
            d.quit()
        server.terminate()
        log = server.stdout.read()
        rc = server.wait(timeout=30)
        check(rc == 0, "the server exits 0 on SIGTERM (%d)" % rc)
        check("Sanitizer" not in log and "runtime error" not in log,
              "the server's output: " + log[-2000:])
        shutil.rmtree(data, ignore_errors=True)
    print("%d passed, %d failed" % (check.passed, check.failed))
    sys.exit(1 if check.failed else 0)


if __name__ == "__main__":
    main()
