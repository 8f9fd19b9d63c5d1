"""bench/eval_grouped_cv.py's report: the figure beside it without index pages whose HTML
shows no list."""
import numpy as np

from bench.eval_grouped_cv import report


def row(is_index, link_targets, group):
    return {"is_index": is_index, "corpus": "c", "site": f"s{group}", "group": group,
            "counts": {"link_targets": link_targets, "content_targets": 0}}


def test_index_pages_showing_no_list_are_reported_beside_the_figure_not_instead(capsys):
    rows = [row(True, 5, "listing"), row(True, 0, "listing"), row(False, 0, "article"),
            row(False, 2, "article")]
    # the listless index page and one leaf are missed
    oof = np.array([3.0, -2.0, -1.0, 4.0])
    summary = report(rows, seed=np.zeros(4), shipped=oof, refit=oof, oofs=[oof])["c"]
    assert summary["cv"] == 0.5 * (1 / 2 + 1 / 2)
    assert summary["cv_showing_list"] == 0.5 * (1 / 1 + 1 / 2)
    assert "1 such pages, 1.0 of them read as leaf" in capsys.readouterr().out
