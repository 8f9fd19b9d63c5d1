"""bench/run.py: the curve and figures it draws from a crawl's series (no crawl run here)."""
import importlib.util
import json
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "bench"))
_spec = importlib.util.spec_from_file_location("bench_run", REPO / "bench" / "run.py")
run = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(run)


def test_the_pages_per_s_curve_follows_a_crawl_that_slows_down():
    # 1,000 requests at 10/s, then 1,000 at 5/s
    arrivals = [i / 10 for i in range(1000)] + [100 + i / 5 for i in range(1000)]
    xs, ys = run.pages_per_s_curve(arrivals)
    assert len(xs) == run.BINS and xs[-1] == 1.0
    assert abs(ys[0] - 10) < 0.1 and abs(ys[-1] - 5) < 0.1


def test_figures_set_the_last_tenth_against_the_first_and_the_last_quarter_of_memory(tmp_path):
    arrivals = [i / 10 for i in range(1000)] + [100 + i / 5 for i in range(1000)]
    samples = [[t, 100 * 1024] for t in range(50)] + [[50 + t, 150 * 1024] for t in range(50)]
    (tmp_path / "scale_browser.json").write_text(json.dumps(
        {"arrivals": arrivals, "browser_rss_kb": samples, "pages_per_s": 6.7, "peak_rss_kb": 204800}))
    found = run.figures(tmp_path)["scale_browser"]
    assert found["last_tenth_over_first"] == 0.5 and found["peak_rss_mb"] == 200
    assert (found["browser_pss_mb_first_quarter"], found["browser_pss_mb_last_quarter"]) == (100, 150)


def test_figures_give_each_rounds_crawls_over_the_bare_spider(tmp_path):
    rows = {"bare_spider": {"over_bare": 1.0}, "raw_routed": {"over_bare": 1.73},
            "leafcrawl": {"over_bare": 1.23}}
    (tmp_path / "browser_ceiling.json").write_text(json.dumps({"rounds": [rows, rows]}))
    found = run.figures(tmp_path)["browser_ceiling"]
    assert found == [{"bare_spider": 1.0, "raw_routed": 1.73, "leafcrawl": 1.23}] * 2
