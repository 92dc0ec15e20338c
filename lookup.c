// SPDX-License-Identifier: GPL-2.0-only
/*
 * The lock-free lookups: dev_pm_opp_find_*() and the other questions asked
 * of a table, answered under RCU from its published snapshot.
 */

#include "opp.h"

static const char * const opp_key_names[] = {
	[OPP_KEY_RATE] = "rate",
	[OPP_KEY_LEVEL] = "level",
	[OPP_KEY_BW] = "bandwidth",
};

static const char * const opp_match_names[] = {
	[OPP_MATCH_EXACT] = "at",
	[OPP_MATCH_CEIL] = "at or above",
	[OPP_MATCH_FLOOR] = "at or below",
};

/* The first clock's rate, in a lookup that names no clock. */
static const struct opp_key opp_key_rate = {
	.kind = OPP_KEY_RATE,
	.single_clk = true,
};

/*
 * A lookup found nothing. That is no error: drivers probe on purpose
 * (cpufreq and devfreq walk find_freq_ceil() past the top to find the end),
 * and a message would flood the log of every such caller. So this is silent
 * unless dynamic debug asks for what the table holds.
 */
static void __cold opp_debug_miss(struct device *dev,
				  const struct opp_snapshot *snap,
				  const struct opp_key *key,
				  unsigned long target, enum opp_match match,
				  bool available,
				  const struct dev_pm_opp_key *want)
{
	unsigned int nr = snap->nr_avail;

	if (want) {
		dev_dbg(dev, "no %s OPP at %lu Hz, level %u, %u kBps among %u available and %u disabled\n",
			available ? "available" : "disabled", want->freq,
			want->level, want->bw, nr, snap->nr_unavail);
		return;
	}

	if (!nr) {
		dev_dbg(dev, "no %s OPP %s %s %lu: 0 available, %u disabled\n",
			available ? "available" : "disabled",
			opp_match_names[match], opp_key_names[key->kind], target,
			snap->nr_unavail);
		return;
	}

	dev_dbg(dev, "no %s OPP %s %s %lu: %u available, %s %lu to %lu, %u disabled\n",
		available ? "available" : "disabled", opp_match_names[match],
		opp_key_names[key->kind], target, nr, opp_key_names[key->kind],
		opp_key_value(snap->opps[0], key),
		opp_key_value(snap->opps[nr - 1], key), snap->nr_unavail);
}

/**
 * opp_expect_one_clock() - check a caller's assumption of a single clock
 * @nr_clks: the clocks of the table
 *
 * A call that names an OPP by one rate (a lookup without a clock index,
 * dev_pm_opp_add(), a removal, enable or disable, a voltage adjustment) is
 * a driver bug on a table of several clocks: it WARNs. Out of line, so that
 * the report names this function.
 *
 * Context: Any context.
 * Return: true when the table has at most one clock.
 */
noinline bool opp_expect_one_clock(unsigned int nr_clks)
{
	return !WARN_ON(nr_clks > 1);
}

/* Whether @opp has every key @want sets; see &struct dev_pm_opp_key. */
static bool opp_has_keys(struct dev_pm_opp *opp,
			 const struct dev_pm_opp_key *want)
{
	if (want->freq && opp_rates(opp)[0] != want->freq)
		return false;
	if (want->bw && (!opp->nr_paths || opp_bw(opp)[0].peak != want->bw))
		return false;
	return want->level == OPP_LEVEL_UNSET ||
	       READ_ONCE(opp->level) == want->level;
}

/*
 * The first OPP of one part of @snap, in table order, with every key of
 * @want. With a rate, OPPs of that rate are contiguous and bisected to; else
 * a scan.
 */
static struct dev_pm_opp *
opp_snapshot_find_keys(const struct opp_snapshot *snap,
		       const struct dev_pm_opp_key *want, bool available)
{
	unsigned int i = available ? 0 : snap->nr_avail;
	unsigned int end = available ? snap->nr_avail :
				       snap->nr_avail + snap->nr_unavail;
	bool bisect = want->freq &&
		      !(snap->unsorted & opp_key_bit(&opp_key_rate));

	if (bisect)
		i += opp_partition(snap->opps + i, end - i, &opp_key_rate,
				   want->freq, true, true);
	for (; i < end; i++) {
		if (bisect && opp_rates(snap->opps[i])[0] != want->freq)
			break;
		if (opp_has_keys(snap->opps[i], want))
			return snap->opps[i];
	}

	return NULL;
}

/*
 * The search behind every find_* call: RCU only. A failed
 * kref_get_unless_zero() means the OPP left the table after we loaded the
 * snapshot, which a writer publishes before it drops the table's reference:
 * look again in the newer snapshot. If there is none, the table is dying. A
 * lookup the table's shape cannot answer is -EINVAL; an index beyond the
 * clocks or paths is quiet. With @want, the OPP must have all its keys (@key
 * is then the first rate, and @match exact); else @want is NULL.
 */
static struct dev_pm_opp *opp_find(struct device *dev,
				   const struct opp_key *key,
				   unsigned long *target, enum opp_match match,
				   bool available,
				   const struct dev_pm_opp_key *want)
{
	struct opp_snapshot *snap, *seen = NULL;
	struct opp_table *table;
	struct dev_pm_opp *opp;

	if (IS_ERR_OR_NULL(dev))
		return ERR_PTR(-EINVAL);

	guard(rcu)();
	table = opp_table_lookup_rcu(dev);
	if (!table) {
		dev_err(dev, "no OPP table\n");
		return ERR_PTR(-ENODEV);
	}

	for (;;) {
		snap = rcu_dereference(table->snap);
		if (snap == seen)
			return ERR_PTR(-ENODEV);
		if (!opp_key_fits(&snap->shape, key)) {
			if (key->single_clk)
				opp_expect_one_clock(snap->shape.nr_clks);
			return ERR_PTR(-EINVAL);
		}

		opp = want ? opp_snapshot_find_keys(snap, want, available) :
			     opp_snapshot_find(snap, key, *target, match,
					       available);
		if (!opp) {
			opp_debug_miss(dev, snap, key, *target, match,
				       available, want);
			return ERR_PTR(-ERANGE);
		}
		if (kref_get_unless_zero(&opp->kref))
			break;
		seen = snap;
	}

	/* An exact match found what it was given. */
	if (match != OPP_MATCH_EXACT)
		*target = opp_key_value(opp, key);
	return opp;
}

/**
 * opp_table_pick_rate() - the OPP a transition to @rate goes to
 * @table: a table the caller holds a reference to
 * @dev: the device, for messages
 * @rate: the rate asked for, on the first clock
 *
 * Context: Any context; takes no lock.
 * Return: the slowest available OPP whose first rate is at or above @rate,
 * referenced; ERR_PTR(-ERANGE) when there is none.
 */
struct dev_pm_opp *opp_table_pick_rate(struct opp_table *table,
				       struct device *dev, unsigned long rate)
{
	struct opp_snapshot *snap, *seen = NULL;
	struct dev_pm_opp *opp;

	/* An RCU-sched reader, as in opp_table_find(): a few loads. */
	rcu_read_lock_sched();
	/* As in opp_find(), an OPP that left means a newer snapshot. */
	for (;;) {
		snap = rcu_dereference_sched(table->snap);
		opp = snap == seen ? ERR_PTR(-ENODEV) :
		      opp_snapshot_ceil_rate(snap, rate) ?: ERR_PTR(-ERANGE);
		if (IS_ERR(opp) || kref_get_unless_zero(&opp->kref))
			break;
		seen = snap;
	}
	rcu_read_unlock_sched();

	return opp;
}

/**
 * opp_table_get_span() - what a table holds, for messages
 * @table: a table the caller holds a reference to
 * @span: filled with the counts and the first clock's range of the
 *	available OPPs (0 to 0 when there are none)
 *
 * Context: Any context; takes no lock.
 */
void opp_table_get_span(struct opp_table *table, struct opp_table_span *span)
{
	struct opp_snapshot *snap;

	guard(rcu)();
	snap = rcu_dereference(table->snap);
	span->nr_avail = snap->nr_avail;
	span->nr_unavail = snap->nr_unavail;
	span->lo = snap->nr_avail ? opp_rates(snap->opps[0])[0] : 0;
	span->hi = snap->nr_avail ? opp_rates(snap->opps[snap->nr_avail - 1])[0] : 0;
}

/**
 * opp_table_has_available() - whether a table lists any available OPP
 * @table: a table the caller holds a reference to
 *
 * Context: Any context; takes no lock.
 * Return: true when at least one OPP of @table is available.
 */
bool opp_table_has_available(struct opp_table *table)
{
	guard(rcu)();
	return rcu_dereference(table->snap)->nr_avail;
}

/**
 * opp_table_is_empty() - whether a table has no OPP yet
 * @table: the table
 *
 * Settings that shape OPPs (regulators, helpers, clocks) must come before
 * the table has any: a table with OPPs was parsed already.
 *
 * Context: Process context; takes the table's lock.
 * Return: true when the table lists no OPP.
 */
bool opp_table_is_empty(struct opp_table *table)
{
	struct opp_snapshot *snap;

	guard(mutex)(&table->lock);
	snap = __opp_table_snapshot(table);
	return !(snap->nr_avail + snap->nr_unavail);
}

/**
 * dev_pm_opp_find_freq_exact() - find an OPP by its exact rate
 * @dev: the device
 * @freq: the rate in Hz
 * @available: true to search the available OPPs, false for the disabled ones
 *
 * Context: Any context, including atomic; takes no lock.
 * Return: the OPP, with a reference the caller drops with dev_pm_opp_put(),
 * or an error pointer:
 *
 * * -EINVAL - @dev is NULL or an error pointer, or its table has several
 *   clocks
 * * -ENODEV - @dev has no OPP table
 * * -ERANGE - no OPP has that rate
 */
struct dev_pm_opp *dev_pm_opp_find_freq_exact(struct device *dev,
					      unsigned long freq,
					      bool available)
{
	return opp_find(dev, &opp_key_rate, &freq, OPP_MATCH_EXACT, available,
			NULL);
}
EXPORT_SYMBOL_GPL(dev_pm_opp_find_freq_exact);

/**
 * dev_pm_opp_find_key_exact() - find an OPP by several keys at once
 * @dev: the device
 * @key: the keys; a zero @key->freq or @key->bw, and a @key->level of
 *	%OPP_LEVEL_UNSET, match any value
 * @available: true to search the available OPPs, false for the disabled ones
 *
 * For tables where the rate alone does not tell OPPs apart (newer kernels).
 * The bandwidth compared is the peak of the first interconnect path; an OPP
 * without paths matches only a zero @key->bw. The first match in table order
 * is returned; @key is not changed. With @key->freq set, the search bisects
 * to that rate and then looks at the OPPs of that rate only.
 *
 * Context: Any context, including atomic; takes no lock.
 * Return: the OPP, with a reference the caller drops with dev_pm_opp_put(),
 * or an error pointer:
 *
 * * -EINVAL - @dev or @key is NULL or an error pointer, or the table has
 *   several clocks
 * * -ENODEV - @dev has no OPP table
 * * -ERANGE - no OPP has all the keys
 */
struct dev_pm_opp *dev_pm_opp_find_key_exact(struct device *dev,
					     struct dev_pm_opp_key *key,
					     bool available)
{
	if (IS_ERR_OR_NULL(key))
		return ERR_PTR(-EINVAL);

	/* An exact match leaves its target, here the rate of @key, alone. */
	return opp_find(dev, &opp_key_rate, &key->freq, OPP_MATCH_EXACT,
			available, key);
}
EXPORT_SYMBOL_GPL(dev_pm_opp_find_key_exact);

/**
 * dev_pm_opp_find_freq_exact_indexed() - find an OPP by the exact rate of
 *	one of its clocks
 * @dev: the device
 * @freq: the rate in Hz
 * @index: the clock, in the order of the table's clocks
 * @available: true to search the available OPPs, false for the disabled ones
 *
 * Context: Any context, including atomic; takes no lock.
 * Return: the OPP, with a reference the caller drops with dev_pm_opp_put(),
 * or an error pointer:
 *
 * * -EINVAL - bad @dev, or @index is not a clock of the table
 * * -ENODEV - @dev has no OPP table
 * * -ERANGE - no OPP has that rate
 */
struct dev_pm_opp *
dev_pm_opp_find_freq_exact_indexed(struct device *dev, unsigned long freq,
				   u32 index, bool available)
{
	struct opp_key key = { .kind = OPP_KEY_RATE, .index = index };

	return opp_find(dev, &key, &freq, OPP_MATCH_EXACT, available, NULL);
}
EXPORT_SYMBOL_GPL(dev_pm_opp_find_freq_exact_indexed);

/**
 * dev_pm_opp_find_freq_ceil() - find the slowest available OPP at or above a
 *	rate
 * @dev: the device
 * @freq: in: the rate in Hz; out: the rate of the OPP found
 *
 * Context: Any context, including atomic; takes no lock.
 * Return: the OPP, with a reference the caller drops with dev_pm_opp_put(),
 * or an error pointer (@freq is then unchanged):
 *
 * * -EINVAL - bad @dev, or its table has several clocks
 * * -ENODEV - @dev has no OPP table
 * * -ERANGE - every available OPP is slower than @freq
 */
struct dev_pm_opp *dev_pm_opp_find_freq_ceil(struct device *dev,
					     unsigned long *freq)
{
	return opp_find(dev, &opp_key_rate, freq, OPP_MATCH_CEIL, true, NULL);
}
EXPORT_SYMBOL_GPL(dev_pm_opp_find_freq_ceil);

/**
 * dev_pm_opp_find_freq_ceil_indexed() - find the slowest available OPP at or
 *	above a rate of one of its clocks
 * @dev: the device
 * @freq: in: the rate in Hz; out: the rate of the OPP found for that clock
 * @index: the clock, in the order of the table's clocks
 *
 * Context: Any context, including atomic; takes no lock.
 * Return: the OPP, with a reference the caller drops with dev_pm_opp_put(),
 * or an error pointer (@freq is then unchanged):
 *
 * * -EINVAL - bad @dev, or @index is not a clock of the table
 * * -ENODEV - @dev has no OPP table
 * * -ERANGE - no available OPP reaches @freq
 */
struct dev_pm_opp *
dev_pm_opp_find_freq_ceil_indexed(struct device *dev, unsigned long *freq,
				  u32 index)
{
	struct opp_key key = { .kind = OPP_KEY_RATE, .index = index };

	return opp_find(dev, &key, freq, OPP_MATCH_CEIL, true, NULL);
}
EXPORT_SYMBOL_GPL(dev_pm_opp_find_freq_ceil_indexed);

/**
 * dev_pm_opp_find_freq_floor() - find the fastest available OPP at or below
 *	a rate
 * @dev: the device
 * @freq: in: the rate in Hz; out: the rate of the OPP found
 *
 * Context: Any context, including atomic; takes no lock.
 * Return: the OPP, with a reference the caller drops with dev_pm_opp_put(),
 * or an error pointer (@freq is then unchanged):
 *
 * * -EINVAL - bad @dev, or its table has several clocks
 * * -ENODEV - @dev has no OPP table
 * * -ERANGE - every available OPP is faster than @freq
 */
struct dev_pm_opp *dev_pm_opp_find_freq_floor(struct device *dev,
					      unsigned long *freq)
{
	return opp_find(dev, &opp_key_rate, freq, OPP_MATCH_FLOOR, true, NULL);
}
EXPORT_SYMBOL_GPL(dev_pm_opp_find_freq_floor);

/**
 * dev_pm_opp_find_freq_floor_indexed() - find the fastest available OPP at or
 *	below a rate of one of its clocks
 * @dev: the device
 * @freq: in: the rate in Hz; out: the rate of the OPP found for that clock
 * @index: the clock, in the order of the table's clocks
 *
 * Context: Any context, including atomic; takes no lock.
 * Return: the OPP, with a reference the caller drops with dev_pm_opp_put(),
 * or an error pointer (@freq is then unchanged):
 *
 * * -EINVAL - bad @dev, or @index is not a clock of the table
 * * -ENODEV - @dev has no OPP table
 * * -ERANGE - every available OPP is faster than @freq
 */
struct dev_pm_opp *
dev_pm_opp_find_freq_floor_indexed(struct device *dev, unsigned long *freq,
				   u32 index)
{
	struct opp_key key = { .kind = OPP_KEY_RATE, .index = index };

	return opp_find(dev, &key, freq, OPP_MATCH_FLOOR, true, NULL);
}
EXPORT_SYMBOL_GPL(dev_pm_opp_find_freq_floor_indexed);

/* A find_* call by level or by the peak bandwidth of path @index. */
static struct dev_pm_opp *opp_find_uint(struct device *dev,
					enum opp_key_kind kind, int index,
					unsigned int *target,
					enum opp_match match)
{
	struct opp_key key = { .kind = kind, .index = index };
	unsigned long value = *target;
	struct dev_pm_opp *opp;

	if (index < 0)
		return ERR_PTR(-EINVAL);

	/*
	 * An OPP without a level compares as %OPP_LEVEL_UNSET, the highest
	 * level: a floor search from UINT_MAX finds the last of them. A ceil
	 * search that only reaches such OPPs found no level at all, which
	 * callers asking for "at least this level" are told with -ENODEV.
	 * On 6.1, where it is level 0, such an OPP is found.
	 */
	opp = opp_find(dev, &key, &value, match, true, NULL);
	if (IS_ERR(opp))
		return opp;
	if (kind == OPP_KEY_LEVEL && match == OPP_MATCH_CEIL &&
	    value == OPP_LEVEL_UNSET && OPP_LEVEL_UNSET) {
		dev_err(dev, "OPP table has no level at or above %u\n", *target);
		opp_put(opp, false);
		return ERR_PTR(-ENODEV);
	}

	*target = value;
	return opp;
}

/**
 * dev_pm_opp_find_level_exact() - find the available OPP with a level
 * @dev: the device
 * @level: the performance level
 *
 * Context: Any context, including atomic; takes no lock.
 * Return: the OPP, with a reference the caller drops with dev_pm_opp_put(),
 * or an error pointer:
 *
 * * -EINVAL - @dev is NULL or an error pointer
 * * -ENODEV - @dev has no OPP table
 * * -ERANGE - no available OPP has that level
 */
struct dev_pm_opp *dev_pm_opp_find_level_exact(struct device *dev,
					       unsigned int level)
{
	return opp_find_uint(dev, OPP_KEY_LEVEL, 0, &level, OPP_MATCH_EXACT);
}
EXPORT_SYMBOL_GPL(dev_pm_opp_find_level_exact);

/**
 * dev_pm_opp_find_level_ceil() - find the lowest available OPP at or above a
 *	level
 * @dev: the device
 * @level: in: the level; out: the level of the OPP found
 *
 * Context: Any context, including atomic; takes no lock.
 * Return: the OPP, with a reference the caller drops with dev_pm_opp_put(),
 * or an error pointer (@level is then unchanged):
 *
 * * -EINVAL - @dev is NULL or an error pointer
 * * -ENODEV - @dev has no OPP table, or the OPPs at or above @level have
 *   no level
 * * -ERANGE - every available OPP is below @level
 */
struct dev_pm_opp *dev_pm_opp_find_level_ceil(struct device *dev,
					      unsigned int *level)
{
	return opp_find_uint(dev, OPP_KEY_LEVEL, 0, level, OPP_MATCH_CEIL);
}
EXPORT_SYMBOL_GPL(dev_pm_opp_find_level_ceil);

/**
 * dev_pm_opp_find_level_floor() - find the highest available OPP at or below
 *	a level
 * @dev: the device
 * @level: in: the level; out: the level of the OPP found
 *
 * Context: Any context, including atomic; takes no lock.
 * Return: the OPP, with a reference the caller drops with dev_pm_opp_put(),
 * or an error pointer (@level is then unchanged):
 *
 * * -EINVAL - @dev is NULL or an error pointer
 * * -ENODEV - @dev has no OPP table
 * * -ERANGE - every available OPP is above @level
 */
struct dev_pm_opp *dev_pm_opp_find_level_floor(struct device *dev,
					       unsigned int *level)
{
	return opp_find_uint(dev, OPP_KEY_LEVEL, 0, level, OPP_MATCH_FLOOR);
}
EXPORT_SYMBOL_GPL(dev_pm_opp_find_level_floor);

/**
 * dev_pm_opp_find_bw_ceil() - find the lowest available OPP at or above a
 *	peak bandwidth
 * @dev: the device
 * @bw: in: the peak bandwidth in kBps; out: the peak bandwidth of the OPP
 *	found
 * @index: the interconnect path, in the order of the table's paths
 *
 * Context: Any context, including atomic; takes no lock.
 * Return: the OPP, with a reference the caller drops with dev_pm_opp_put(),
 * or an error pointer (@bw is then unchanged):
 *
 * * -EINVAL - bad @dev, or @index is not a path of the table
 * * -ENODEV - @dev has no OPP table
 * * -ERANGE - every available OPP is below @bw
 */
struct dev_pm_opp *dev_pm_opp_find_bw_ceil(struct device *dev,
					   unsigned int *bw, int index)
{
	return opp_find_uint(dev, OPP_KEY_BW, index, bw, OPP_MATCH_CEIL);
}
EXPORT_SYMBOL_GPL(dev_pm_opp_find_bw_ceil);

/**
 * dev_pm_opp_find_bw_floor() - find the highest available OPP at or below a
 *	peak bandwidth
 * @dev: the device
 * @bw: in: the peak bandwidth in kBps; out: the peak bandwidth of the OPP
 *	found
 * @index: the interconnect path, in the order of the table's paths
 *
 * Context: Any context, including atomic; takes no lock.
 * Return: the OPP, with a reference the caller drops with dev_pm_opp_put(),
 * or an error pointer (@bw is then unchanged):
 *
 * * -EINVAL - bad @dev, or @index is not a path of the table
 * * -ENODEV - @dev has no OPP table
 * * -ERANGE - every available OPP is above @bw
 */
struct dev_pm_opp *dev_pm_opp_find_bw_floor(struct device *dev,
					    unsigned int *bw, int index)
{
	return opp_find_uint(dev, OPP_KEY_BW, index, bw, OPP_MATCH_FLOOR);
}
EXPORT_SYMBOL_GPL(dev_pm_opp_find_bw_floor);

/**
 * dev_pm_opp_get_opp_count() - the number of available OPPs of a device
 * @dev: the device
 *
 * Context: Any context, including atomic; takes no lock.
 * Return: the count (0 when every OPP is disabled); -EINVAL for a NULL or
 * error @dev; -ENODEV when @dev has no table.
 */
int dev_pm_opp_get_opp_count(struct device *dev)
{
	struct opp_table *table;

	if (IS_ERR_OR_NULL(dev))
		return -EINVAL;

	guard(rcu)();
	table = opp_table_lookup_rcu(dev);
	if (!table) {
		dev_dbg(dev, "no OPP table\n");
		return -ENODEV;
	}

	return rcu_dereference(table->snap)->nr_avail;
}
EXPORT_SYMBOL_GPL(dev_pm_opp_get_opp_count);

/**
 * dev_pm_opp_get_max_clock_latency() - the slowest clock transition of a
 *	device
 * @dev: the device
 *
 * Context: Any context, including atomic; takes no lock.
 * Return: the highest clock latency of the OPPs added so far, in ns; 0 when
 * @dev has no table.
 */
unsigned long dev_pm_opp_get_max_clock_latency(struct device *dev)
{
	struct opp_table *table;

	/* A NULL or error @dev has no table. */
	guard(rcu)();
	table = opp_table_lookup_rcu(dev);
	return table ? READ_ONCE(table->clock_latency_ns_max) : 0;
}
EXPORT_SYMBOL_GPL(dev_pm_opp_get_max_clock_latency);

/**
 * dev_pm_opp_get_suspend_opp_freq() - the rate of a device's suspend OPP
 * @dev: the device
 *
 * Context: Any context, including atomic; takes no lock.
 * Return: the rate in Hz of the OPP marked for suspend, or 0 when there is
 * none, it is disabled, or @dev has no table.
 */
unsigned long dev_pm_opp_get_suspend_opp_freq(struct device *dev)
{
	struct opp_table *table;
	struct dev_pm_opp *opp;

	/* A NULL or error @dev has no table. */
	guard(rcu)();
	table = opp_table_lookup_rcu(dev);
	opp = table ? rcu_dereference(table->snap)->suspend : NULL;
	return opp && READ_ONCE(opp->available) ? opp_rates(opp)[0] : 0;
}
EXPORT_SYMBOL_GPL(dev_pm_opp_get_suspend_opp_freq);
