"""Validate + settle throughput on one core, across the three presets.

Target: ≥ 25,000 deals/s (a 12,800-deal championship rescored in ≤ 0.5 s).
Prints the median of several timed passes over the same generated deals.
"""

import random
import statistics
import time

from rules.engine.presets import get_preset
from rules.engine.sampling import random_record
from rules.engine.validation import validate_record
from scoring.settlement import settle

DEALS = 12_800
PASSES = 7


def run() -> None:
    rng = random.Random(1)
    records = [
        random_record(get_preset(("nl", "pagat", "iwwa")[i % 3]), rng)
        for i in range(DEALS)
    ]
    rates = []
    for _ in range(PASSES):
        start = time.perf_counter()
        for record in records:
            result = validate_record(record, get_preset)
            settle(result.deal)
        rates.append(DEALS / (time.perf_counter() - start))
    print(f"settle_deals_per_s: {statistics.median(rates):.0f} deals/s")
    print(f"settle_12800_deals_s: {DEALS / statistics.median(rates):.3f} s")
