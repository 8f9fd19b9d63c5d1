"""bench/eval_grouped_cv.py's report: the figure beside it without index pages whose HTML
shows no list; a pool too small to cross-validate by site is refused by name."""
import numpy as np
import pytest

from bench.eval_grouped_cv import cross_validate, design, report


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


def test_one_site_alone_cannot_be_cross_validated_by_site_and_says_so():
    # every page of one site: the fold holding it is fitted on no page at all
    rows = [dict(row(i % 2 == 0, i, "listing" if i % 2 == 0 else "article"), site="s")
            for i in range(6)]
    x, off, y = design(rows)
    with pytest.raises(SystemExit) as stop:
        cross_validate(rows, x, off, y, folds=5)
    assert "1 site(s)" in str(stop.value) and "Pool more corpora" in str(stop.value)
