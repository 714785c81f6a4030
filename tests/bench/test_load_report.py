"""``make load``'s verdict line: the spike's targets (docs/performance.md) read from the
samples of the steady window, so a run that misses one says so."""

from bench.load.report import percentile, targets_met


def test_percentile_is_nearest_rank():
    samples = [float(n) for n in range(1, 101)]
    assert percentile(samples, 50) == 51.0
    assert percentile(samples, 99) == 100.0


def _kinds(public_ms: float, entry_ms: float, public_count: int = 36_000):
    return {
        "public": [2.0] * public_count + [public_ms] * 400,
        "entry": [20.0] * 300 + [entry_ms] * 5,
    }


def test_targets_met_when_every_figure_is_within_them():
    verdict = targets_met(_kinds(240.0, 290.0), seconds=120, fails=0)
    assert verdict.startswith("met (")


def test_each_missed_target_is_named():
    assert targets_met(_kinds(900.0, 20.0), 120, 0).startswith("NOT met")
    assert "entry p99 1200" in targets_met(_kinds(2.0, 1200.0), 120, 0)
    assert targets_met(_kinds(2.0, 20.0, public_count=100), 120, 0).startswith("NOT")
    assert targets_met(_kinds(2.0, 20.0), 120, fails=1).startswith("NOT met")


def test_no_requests_is_not_a_pass():
    assert targets_met({"public": [], "entry": []}, 120, 0).startswith("not measured")


def test_fewer_phones_are_asked_the_public_rate_in_proportion():
    kinds = _kinds(2.0, 20.0, public_count=230 * 120)
    assert targets_met(kinds, 120, 0).startswith("NOT met")  # 400 phones: 300/s
    assert targets_met(kinds, 120, 0, phones=300).startswith("met")  # 225/s
