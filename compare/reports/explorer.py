"""The step explorer: one self-contained HTML page that steps through a human solve, picture by picture.

Each step is a section with its picture (``sudokit.compare.reports.pictures``), its explanation in community
notation and its rating under its owner's name (SE's in SE mode, HoDoKu's in HoDoKu mode, the
engine's on the engine's path: ``docs/concepts/ratings.md``); the last section is
the final grid. A small inline script shows one section at a time: previous/next buttons, the
arrow keys (Home and End too), a list of steps to jump to, and addresses: ``page.html#12`` opens step 12
(``#final``, the final grid). Nothing is
loaded from the network; without scripts every section shows, one below the other.

>>> from sudokit.models.grid import Grid
>>> from sudokit.solvers.human.engine import solve_logically
>>> puzzle = Grid.parse("..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..")
>>> result = solve_logically(puzzle)
>>> page = explorer_page(Candidates.from_grid(puzzle), result)
>>> page.count('<section class="step"') == len(result.steps) + 1  # a section per step, and the final grid
True
>>> "<script src" in page, "http" in page.replace("http://www.w3.org/2000/svg", "")  # nothing from the network
(False, False)
"""

from __future__ import annotations

import html

from sudokit.compare.reports.pictures import path_states, step_picture
from sudokit.models.candidates import Candidates
from sudokit.models.picture import draw, legend
from sudokit.solvers.base import Status
from sudokit.solvers.human.cited import stuck_hint
from sudokit.solvers.human.engine import HumanResult
from sudokit.solvers.human.rating import se_rating
from sudokit.solvers.human.registry import technique
from sudokit.solvers.human.steps import Step


def explorer_page(start: Candidates, result: HumanResult, *, title: str = "") -> str:
    """The page for a solve of ``start`` (a puzzle's full pencil marks, or any pencil-mark state)."""
    givens = start.to_grid()
    line = givens.line()
    title = title or f"sudokit explain {line}"
    sections = [_step_section(number, state, step, givens, result.rating.owner)
                for number, (state, step) in enumerate(path_states(start, result.steps), 1)]
    end = "Solution" if result.status is Status.SOLVED else f"Final state ({result.status})"
    final = draw(result.state, givens=givens, title=end).svg()
    sections.append(f'<section class="step" id="step-final" data-step="{len(sections) + 1}" '
                    f'aria-label="{end}"><h2>{end}</h2><p class="explanation">{_summary(result)}</p>'
                    f"<figure>{final}</figure></section>")
    items = [f'<li><a href="#step-{n}">{html.escape(_short(step))}</a></li>' for n, step in enumerate(result.steps, 1)]
    items.append(f'<li><a href="#step-final">{end}</a></li>')
    keys = "".join(f"<dt>{html.escape(what)}</dt><dd>{html.escape(how)}</dd>" for what, how in legend())
    return (
        f"<!DOCTYPE html>\n<html lang='en'><head><meta charset='utf-8'>"
        f"<meta name='viewport' content='width=device-width, initial-scale=1'>"
        f"<title>{html.escape(title)}</title><style>{STYLE}</style>"
        f"<noscript><style>section.step{{display:block!important}}.controls{{display:none}}</style></noscript>"
        f"</head><body>\n<header><h1>{html.escape(title)}</h1><p class='summary'>{_summary(result)}</p>"
        f"<p><code>{html.escape(line)}</code></p></header>\n"
        f"<main><nav aria-label='steps'><ol id='list'>{''.join(items)}</ol></nav>\n"
        f"<div id='viewer'><div class='controls'><button id='prev' title='previous step (←)'>← previous</button>"
        f"<span id='where' aria-live='polite'></span><button id='next' title='next step (→)'>next →</button></div>\n"
        + "\n".join(sections)
        + f"\n<details class='legend'><summary>How to read the pictures</summary><dl>{keys}</dl></details>"
        f"</div></main>\n<script>{SCRIPT}</script></body></html>\n"
    )


def _step_section(number: int, state: Candidates, step: Step, givens, owner: str) -> str:
    """A step's page, its rating under its owner's name (``rating.owner``): SE's in SE mode, HoDoKu's
    code, score and level in HoDoKu mode, the engine's figures on the engine's path."""
    known = technique(step.technique)
    code = f"<code>{known.hodoku_code}</code> " if known.hodoku_code else ""
    ratings = {"se": f"SE {se_rating(step)}",
               "hodoku": f"HoDoKu {code}score {known.hodoku_score} ({known.level})",
               "engine": f"engine rating {se_rating(step)} · {code}score {known.hodoku_score} ({known.level})"}[owner]
    picture = step_picture(state, step, givens).svg()
    return (f'<section class="step" id="step-{number}" data-step="{number}">'
            f"<h2>Step {number}: {html.escape(known.title)}</h2>"
            f'<p class="explanation">{html.escape(step.explanation)}</p><p class="ratings">{ratings}</p>'
            f"<figure>{picture}</figure></section>")


def _short(step: Step) -> str:
    """The list's text for a step: its title and conclusions (the pattern is on the step's own page)."""
    text = step.explanation
    head, _, conclusions = text.rpartition(" => ")
    return f"{text.split(':', 1)[0]}: {conclusions}" if head else text


def _summary(result: HumanResult) -> str:
    rating = result.rating
    why = f" ({html.escape(result.message)})" if result.message else ""
    if result.status is Status.SOLVED:
        rated = (f"{html.escape(rating.figures())}, "
                 f"hardest: {html.escape(technique(rating.hardest).title) if rating.hardest else '–'}")
    else:
        rated = f"not rated ({html.escape(stuck_hint(rating.mode, result.state.size, command='explain'))})" if result.status is Status.STUCK else "not rated"
    return f"{result.status}{why} in {len(result.steps)} steps · {rated}"


STYLE = (
    "body{font-family:system-ui,sans-serif;margin:0;padding:0 1em;color:#111}"
    "header h1{font-size:1.1em;margin:.6em 0 .2em;word-break:break-all}header p{margin:.2em 0}"
    "code{font-family:ui-monospace,monospace;font-size:95%;word-break:break-all}"
    "main{display:flex;gap:1.2em;align-items:flex-start}"
    "nav{position:relative;flex:0 0 19em;max-height:calc(100vh - 7em);overflow:auto;font-size:85%;border-right:1px solid #ddd}"
    "nav ol{padding-left:3em;margin:0}nav a{color:#1a4f8a;text-decoration:none;display:block;padding:1px 4px}"
    "nav a[aria-current]{background:#0072B2;color:#fff;border-radius:3px}"
    "#viewer{flex:1;min-width:0}.controls{display:flex;gap:1em;align-items:center;margin:.4em 0}"
    "button{font-size:1em;padding:.3em .8em}section.step{display:none}section.step.shown{display:block}"
    "section h2{font-size:1.05em;margin:.3em 0}.explanation{font-family:ui-monospace,monospace;font-size:92%;"
    "word-break:break-word;max-width:60em}.ratings{color:#444;font-size:90%}"
    "figure{margin:0}figure svg{width:min(100%,44em);height:auto}.legend{font-size:85%;margin-top:1em}"
    "dl{display:grid;grid-template-columns:max-content auto;gap:2px 1em}dd{margin:0}"
    "@media (max-width:800px){main{flex-direction:column}nav{flex:none;max-height:12em;border:0}}"
)

# One section shown at a time; the address (#12, #final) names it, so a link opens that step.
SCRIPT = """
const steps = [...document.querySelectorAll('section.step')];
const links = [...document.querySelectorAll('#list a')];
const nav = document.querySelector('nav');
let current = 0;
function reveal(link) {  // scroll the list, not the page, to the current step
  const top = link.offsetTop, bottom = top + link.offsetHeight;
  if (top < nav.scrollTop) nav.scrollTop = top;
  else if (bottom > nav.scrollTop + nav.clientHeight) nav.scrollTop = bottom - nav.clientHeight;
}
function show(index) {
  current = Math.max(0, Math.min(steps.length - 1, index));
  steps.forEach((s, i) => s.classList.toggle('shown', i === current));
  links.forEach((a, i) => i === current ? a.setAttribute('aria-current', 'step') : a.removeAttribute('aria-current'));
  reveal(links[current]);
  const last = current === steps.length - 1;
  document.getElementById('where').textContent = last ? steps[current].getAttribute('aria-label')
    : `step ${current + 1} of ${steps.length - 1}`;
  document.getElementById('prev').disabled = current === 0;
  document.getElementById('next').disabled = last;
  // the address #12 names no element, so the browser never scrolls the page to it
  history.replaceState(null, '', '#' + steps[current].id.replace('step-', ''));
}
function fromAddress() {
  const found = steps.findIndex(s => [s.id, s.id.replace('step-', '')].includes(location.hash.slice(1)));
  show(found < 0 ? 0 : found);
}
document.getElementById('prev').onclick = () => show(current - 1);
document.getElementById('next').onclick = () => show(current + 1);
links.forEach((a, i) => a.onclick = event => { event.preventDefault(); show(i); });
document.addEventListener('keydown', event => {
  if (event.altKey || event.ctrlKey || event.metaKey) return;
  const to = {ArrowRight: current + 1, ArrowLeft: current - 1, Home: 0, End: steps.length - 1}[event.key];
  if (to !== undefined) { event.preventDefault(); show(to); }
});
window.addEventListener('hashchange', fromAddress);
fromAddress();
"""
