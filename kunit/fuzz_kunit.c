// SPDX-License-Identifier: GPL-2.0-only
/*
 * KUnit suite opp_fuzz: device tree tables mutated at random, loaded, used
 * and removed, with the core's invariants checked after each step.
 *
 * Each case parameter is one mutation: a seed table (fz_seeds[] of fz_dt.c, the
 * shapes boards use) is built in memory, changed by one to three seeded
 * mutations, and attached under /opp-fuzz with an of_changeset (nodes made at
 * run time, so one kernel runs any number of mutations). Its devices, one of
 * them with a fake clock and regulators, load it, every lookup and getter is
 * asked, rates are set, the tables are removed and the changeset reverted.
 * After each step: no splat (verdict.sh judges the log), each OPP held by its
 * table alone, the count and the snapshot agreeing with the lookups, a failed
 * load leaving nothing and saying why, and every node's reference count back
 * where it was once the tables are gone.
 *
 * opp_kunit.fuzz_n    number of mutations (default 24: every seed as is,
 *                     then one mutation of each; make fuzz N=... runs more)
 * opp_kunit.fuzz_seed the seed the mutations derive from (default 1)
 * opp_kunit.fuzz_only run mutation number fuzz_only alone (default -1: all)
 * opp_kunit.fuzz_shards, opp_kunit.fuzz_shard
 *                     split the mutations between boots: this one runs the
 *                     mutations i with i % fuzz_shards == fuzz_shard
 *                     (default 1 and 0: all of them)
 * opp_kunit.fuzz_dump print every table as DT source, not only failed ones
 *
 * A mutation is a function of (fuzz_seed, its number) alone, so a failure
 * reported as "opp_fuzz ... #I seed S" is rerun with fuzz_seed=S fuzz_only=I;
 * the table is printed as DT source for a regression case.
 */

#include <kunit/test.h>
#include <linux/clk.h>
#include <linux/device.h>
#include <linux/moduleparam.h>
#include <linux/pm_opp.h>

#include "../opp.h"
#include "opp_kunit_dvfs.h"
#include "opp_kunit_helpers.h"

static unsigned int fuzz_n = 24;
module_param(fuzz_n, uint, 0444);
MODULE_PARM_DESC(fuzz_n, "number of mutated tables opp_fuzz runs");
static unsigned long fuzz_seed = 1;
module_param(fuzz_seed, ulong, 0444);
MODULE_PARM_DESC(fuzz_seed, "seed of opp_fuzz's mutations");
static int fuzz_only = -1;
module_param(fuzz_only, int, 0444);
MODULE_PARM_DESC(fuzz_only, "run this mutation of opp_fuzz alone");
static unsigned int fuzz_shards = 1;
module_param(fuzz_shards, uint, 0444);
MODULE_PARM_DESC(fuzz_shards, "boots sharing opp_fuzz's mutations");
static unsigned int fuzz_shard;
module_param(fuzz_shard, uint, 0444);
MODULE_PARM_DESC(fuzz_shard, "which of them this boot is");
static bool fuzz_dump;
module_param(fuzz_dump, bool, 0444);
MODULE_PARM_DESC(fuzz_dump, "print every mutated table as DT source");

#include "fz_dt.c"

/**
 * struct fz_case - one mutation, kept in test->priv for the exit hook
 * @dt: its table
 * @token: device 0's set_config token, or 0
 * @rseed: the random seed the mutation derives from (fuzz_seed, or a
 *	regression's own)
 * @nr: the mutation's number under @rseed
 * @dev: the devices that load the tables
 * @ret: what each one's dev_pm_opp_of_add_table() returned
 */
struct fz_case {
	struct fz_dt dt;
	int token;
	unsigned long rseed;
	unsigned long nr;
	struct device *dev[FZ_DEVS];
	int ret[FZ_DEVS];
};

static void fz_clear_node(void *data)
{
	device_set_node(data, NULL);
}

static struct device *fz_device(struct kunit *test, struct fz_case *fc,
				unsigned int i, struct opp_kunit_dvfs **fix)
{
	static const char * const names[FZ_DEVS] = {
		"opp-fuzz-dev0", "opp-fuzz-dev1", "opp-fuzz-dev2",
	};
	const struct fz_seed *seed = fc->dt.seed;
	struct device *dev;
	int node, ret;

	if (i == 0) {
		*fix = opp_kunit_dvfs(test, names[0], false,
				      seed->clk ? 100000000 : 0, seed->nr_regs);
		dev = (*fix)->dev;
	} else {
		dev = opp_kunit_named_device(test, names[i]);
	}
	/* The mutation may have dropped the device's node: then it has none. */
	node = fz_find(&fc->dt.tree, names[i] + strlen("opp-fuzz-"));
	if (node >= 0) {
		device_set_node(dev, of_fwnode_handle(fc->dt.np[node]));
		ret = kunit_add_action_or_reset(test, fz_clear_node, dev);
		KUNIT_ASSERT_EQ(test, ret, 0);
	}
	return dev;
}

static void fz_put_config(void *token)
{
	dev_pm_opp_clear_config((long)token);
}

static int fz_config(struct kunit *test, struct device *dev,
		     const struct fz_seed *seed)
{
	static const char * const regs[][3] = {
		{ NULL }, { "vdd", NULL }, { "vdd", "vdd2", NULL },
	};
	struct dev_pm_opp_config config = {
		.regulator_names = seed->nr_regs ? regs[seed->nr_regs] : NULL,
		.prop_name = seed->prop_name,
		.supported_hw = seed->hw[0] ? seed->hw : NULL,
		.supported_hw_count = seed->hw[0] ? 2 : 0,
	};
	int token, ret;

	if (!config.regulator_names && !config.prop_name && !config.supported_hw)
		return 0;
	token = dev_pm_opp_set_config(dev, &config);
	KUNIT_ASSERT_GT_MSG(test, token, 0, "set_config: %d", token);
	ret = kunit_add_action_or_reset(test, fz_put_config, (void *)(long)token);
	KUNIT_ASSERT_EQ(test, ret, 0);
	return token;
}

/* Checks. */

/*
 * The table holds each OPP once, and nobody else but the table's current
 * OPP (a reference of its own, after a transition); counts agree.
 */
static void fz_check_table(struct kunit *test, struct device *dev)
{
	struct opp_table *table = dev_pm_opp_get_opp_table(dev);
	struct opp_snapshot *snap;
	struct dev_pm_opp *cur;
	unsigned int i, nr = 0, avail = 0;
	int count = dev_pm_opp_get_opp_count(dev);

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, table);
	/* No transition runs: nothing changes it while we look. */
	cur = READ_ONCE(table->current_opp);
	rcu_read_lock();
	snap = rcu_dereference(table->snap);
	if (snap) {
		avail = snap->nr_avail;
		nr = snap->nr_avail + snap->nr_unavail;
		for (i = 0; i < nr; i++) {
			KUNIT_EXPECT_EQ_MSG(test, kref_read(&snap->opps[i]->kref),
					    1 + (snap->opps[i] == cur),
					    "OPP %u of %u", i, nr);
			KUNIT_EXPECT_EQ(test, READ_ONCE(snap->opps[i]->available),
					i < avail);
		}
	}
	rcu_read_unlock();
	dev_pm_opp_put_opp_table(table);
	/* It may have none: an empty v1 table loads, as in Linux. */
	KUNIT_EXPECT_EQ(test, count, (int)avail);
}

static void fz_getters(struct kunit *test, struct dev_pm_opp *opp,
		       unsigned int nr_required)
{
	struct dev_pm_opp_supply supplies[OPP_KUNIT_MAX_REGS + 2];
	unsigned int i;

	dev_pm_opp_get_voltage(opp);
	dev_pm_opp_get_power(opp);
	dev_pm_opp_get_level(opp);
	dev_pm_opp_is_turbo(opp);
	dev_pm_opp_get_freq_indexed(opp, 0);
	for (i = 0; i < nr_required; i++)
		dev_pm_opp_get_required_pstate(opp, i);
	KUNIT_EXPECT_LE(test, READ_ONCE(opp->nr_supplies),
			ARRAY_SIZE(supplies));
	if (opp->nr_supplies <= ARRAY_SIZE(supplies))
		dev_pm_opp_get_supplies(opp, supplies);
	of_node_put(dev_pm_opp_get_of_node(opp));
}

/*
 * Walks the available OPPs upwards with find_freq_ceil and downwards with
 * find_freq_floor: both walks see the same number of distinct rates, at
 * most the count, rising, each found again by find_freq_exact, and the
 * upward walk ends with -ERANGE (-EINVAL for a table without rates).
 * Returns the distinct rates, at most @max of them in @rates.
 */
static unsigned int fz_walk_freq(struct kunit *test, struct device *dev,
				 unsigned int count, unsigned long *rates,
				 unsigned int max)
{
	unsigned long freq = 0, prev = 0;
	struct dev_pm_opp *opp;
	unsigned int up = 0, down = 0;
	int end = 0;

	while (up <= count) {
		opp = dev_pm_opp_find_freq_ceil(dev, &freq);
		if (IS_ERR(opp)) {
			end = PTR_ERR(opp);
			break;
		}
		KUNIT_EXPECT_TRUE(test, !up || freq > prev);
		fz_getters(test, opp, READ_ONCE(opp->nr_required));
		dev_pm_opp_put(opp);
		opp = dev_pm_opp_find_freq_exact(dev, freq, true);
		KUNIT_EXPECT_FALSE_MSG(test, IS_ERR(opp), "exact %lu", freq);
		if (!IS_ERR(opp))
			dev_pm_opp_put(opp);
		if (up < max)
			rates[up] = freq;
		up++;
		prev = freq;
		if (freq == ULONG_MAX)
			break;
		freq++;
	}
	KUNIT_EXPECT_LE(test, up, count);
	if (end)
		KUNIT_EXPECT_TRUE_MSG(test, end == -ERANGE || end == -EINVAL,
				      "the walk ended with %d", end);

	freq = ULONG_MAX;
	while (down <= count) {
		opp = dev_pm_opp_find_freq_floor(dev, &freq);
		if (IS_ERR(opp))
			break;
		dev_pm_opp_put(opp);
		down++;
		if (!freq)
			break;
		freq--;
	}
	KUNIT_EXPECT_EQ(test, down, up);
	return min(up, max);
}

/*
 * Whether the available OPPs all have a level, rising with the table's
 * order (by rate first): only then is a walk by level well defined. With
 * levels out of that order, Linux's ceil and floor lookups scan in table
 * order and stop at different OPPs, and so do ours.
 */
static bool fz_levels_sorted(struct device *dev)
{
	struct opp_table *table = dev_pm_opp_get_opp_table(dev);
	unsigned int i, level, prev = 0;
	struct opp_snapshot *snap;
	bool sorted = true;

	if (IS_ERR(table))
		return false;
	rcu_read_lock();
	snap = rcu_dereference(table->snap);
	for (i = 0; snap && sorted && i < snap->nr_avail; i++) {
		level = dev_pm_opp_get_level(snap->opps[i]);
		sorted = level != OPP_LEVEL_UNSET && level >= prev;
		prev = level;
	}
	rcu_read_unlock();
	dev_pm_opp_put_opp_table(table);
	return sorted;
}

/* The same with levels; a table without levels may refuse outright. */
static void fz_walk_level(struct kunit *test, struct device *dev,
			  unsigned int count)
{
	unsigned int level = 0, up = 0, down = 0;
	struct dev_pm_opp *opp;

	while (up <= count) {
		opp = dev_pm_opp_find_level_ceil(dev, &level);
		if (IS_ERR(opp))
			break;
		dev_pm_opp_put(opp);
		opp = dev_pm_opp_find_level_exact(dev, level);
		KUNIT_EXPECT_FALSE_MSG(test, IS_ERR(opp), "level %u", level);
		if (!IS_ERR(opp))
			dev_pm_opp_put(opp);
		up++;
		if (level == U32_MAX)
			break;
		level++;
	}
	KUNIT_EXPECT_LE(test, up, count);

	/*
	 * As in Linux, find_level_floor() also returns OPPs without a level
	 * (OPP_LEVEL_UNSET), which find_level_ceil() refuses: skip those.
	 */
	level = U32_MAX;
	while (down <= count) {
		opp = dev_pm_opp_find_level_floor(dev, &level);
		if (IS_ERR(opp))
			break;
		dev_pm_opp_put(opp);
		if (level != OPP_LEVEL_UNSET)
			down++;
		if (!level)
			break;
		level--;
	}
	KUNIT_EXPECT_LE(test, down, count);
	if (fz_levels_sorted(dev))
		KUNIT_EXPECT_EQ(test, down, up);
}

/* The bandwidths of path 0, one at a time upwards, then the top one. */
static void fz_walk_bw(struct kunit *test, struct device *dev,
		       unsigned int count)
{
	unsigned int bw = 0, top = 0, n = 0;
	struct dev_pm_opp *opp;

	while (n <= count) {
		opp = dev_pm_opp_find_bw_ceil(dev, &bw, 0);
		if (IS_ERR(opp))
			break;
		dev_pm_opp_put(opp);
		top = bw;
		n++;
		if (bw == U32_MAX)
			break;
		bw++;
	}
	KUNIT_EXPECT_LE(test, n, count);

	/* Down from the top: the highest bandwidth the walk up found. */
	bw = U32_MAX;
	opp = dev_pm_opp_find_bw_floor(dev, &bw, 0);
	KUNIT_EXPECT_EQ(test, !IS_ERR(opp), n > 0);
	if (IS_ERR(opp))
		return;
	KUNIT_EXPECT_EQ(test, bw, top);
	dev_pm_opp_put(opp);
}

/* Everything a caller may ask of a loaded table, then transitions. */
static void fz_use(struct kunit *test, struct device *dev,
		   struct opp_kunit_dvfs *fix)
{
	unsigned long rates[4];
	unsigned int nr, i;
	int count, ret;

	fz_check_table(test, dev);
	count = dev_pm_opp_get_opp_count(dev);
	KUNIT_ASSERT_GE(test, count, 0);
	/* One more OPP than the count may be found, to show the excess. */
	nr = fz_walk_freq(test, dev, count, rates, ARRAY_SIZE(rates));
	fz_walk_level(test, dev, count);
	fz_walk_bw(test, dev, count);
	dev_pm_opp_get_max_clock_latency(dev);
	dev_pm_opp_get_max_volt_latency(dev);
	dev_pm_opp_get_max_transition_latency(dev);
	dev_pm_opp_get_suspend_opp_freq(dev);

	if (!fix)
		return;
	/* Each rate, then a drop of the votes; a refusal is no failure. */
	for (i = 0; i < nr; i++) {
		ret = dev_pm_opp_set_rate(dev, rates[i]);
		KUNIT_EXPECT_LE(test, ret, 0);
		/* The clock API takes rates up to LONG_MAX. */
		if (!ret && rates[i] && rates[i] <= LONG_MAX && fix->clk)
			KUNIT_EXPECT_EQ(test, clk_get_rate(fix->clk->watch), rates[i]);
	}
	KUNIT_EXPECT_LE(test, dev_pm_opp_set_rate(dev, 0), 0);
	fz_check_table(test, dev);
}

/* The first mutation from @i on that this boot's shard runs. */
static unsigned long fz_next_in_shard(unsigned long i)
{
	unsigned int n = max(fuzz_shards, 1U);

	return i + (fuzz_shard % n + n - i % n) % n;
}

static const void *fz_gen(const void *prev, char *desc)
{
	unsigned long i = prev ? (unsigned long)prev : 0;

	if (fuzz_only >= 0) {
		if (prev || fuzz_only >= (int)fuzz_n)
			return NULL;
		i = fuzz_only;
	} else {
		i = fz_next_in_shard(i);
		if (i >= fuzz_n)
			return NULL;
	}
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "%s #%lu seed %lu",
		 fz_seeds[i % FZ_NR_SEEDS].name, i, fuzz_seed);
	return (const void *)(i + 1);
}

static void fz_make(struct fz_case *fc, unsigned long rseed, unsigned long i)
{
	fc->rseed = rseed;
	fc->nr = i;
	fz_dt_make(&fc->dt, rseed, i);
}

static bool fz_known_error(int ret)
{
	switch (ret) {
	case -EINVAL: case -ENODEV: case -ENOENT: case -EPROBE_DEFER:
	case -ENOMEM: case -EEXIST: case -ERANGE: case -EBUSY: case -ENODATA:
	case -EOVERFLOW: case -EOPNOTSUPP: case -ELOOP:
		return true;
	}
	return false;
}

/* Loads, uses and removes mutation @i of seed @rseed. */
/* Each device loads its table, providers first when the seed says so. */
static void fz_load(struct fz_case *fc, int n)
{
	int k, d;

	for (k = 0; k < n; k++) {
		d = fc->dt.seed->providers_first ? n - 1 - k : k;
		fc->ret[d] = dev_pm_opp_of_add_table(fc->dev[d]);
	}
}

/*
 * What the loads must leave: only errors a table may give, nothing of a
 * refused table, a message for device 0's refusal, and an unmutated seed's
 * known count.
 */
static void fz_check_load(struct kunit *test, struct fz_case *fc, int n,
			  struct fake_console *cap)
{
	int d, count;

	for (d = 0; d < n; d++) {
		if (!fc->ret[d])
			continue;
		KUNIT_EXPECT_TRUE_MSG(test, fz_known_error(fc->ret[d]),
				      "dev%d: unexpected error %d", d,
				      fc->ret[d]);
		count = dev_pm_opp_get_opp_count(fc->dev[d]);
		KUNIT_EXPECT_TRUE_MSG(test, count == -ENODEV || count == 0,
				      "dev%d failed with %d but has %d OPPs",
				      d, fc->ret[d], count);
	}
	/* Not for a missing table, nor one that waits for a provider. */
	if (fc->ret[0] && fc->ret[0] != -ENODEV && fc->ret[0] != -EPROBE_DEFER)
		KUNIT_EXPECT_GT_MSG(test, fake_console_count(cap), 0,
				    "dev0 refused its table (%d) silently",
				    fc->ret[0]);
	if (!fc->dt.log[0] && fc->dt.seed->count >= 0) {
		KUNIT_EXPECT_EQ(test, fc->ret[0], 0);
		KUNIT_EXPECT_EQ(test, dev_pm_opp_get_opp_count(fc->dev[0]),
				fc->dt.seed->count);
	}
}

/* After the removal: no table, and every node's references as before. */
static void fz_check_gone(struct kunit *test, struct fz_case *fc, int n)
{
	struct opp_table *table;
	unsigned int k;
	int d;

	for (d = 0; d < n; d++) {
		table = dev_pm_opp_get_opp_table(fc->dev[d]);
		KUNIT_EXPECT_TRUE_MSG(test, IS_ERR(table),
				      "dev%d keeps a table", d);
		if (!IS_ERR(table))
			dev_pm_opp_put_opp_table(table);
	}
	for (k = 0; k < fc->dt.tree.nr; k++)
		KUNIT_EXPECT_EQ_MSG(test, kref_read(&fc->dt.np[k]->kobj.kref),
				    fc->dt.refs[k], "references on %s",
				    fc->dt.tree.n[k].name);
}

static void fz_run(struct kunit *test, unsigned long rseed, unsigned long i)
{
	struct fz_case *fc = kunit_kzalloc(test, sizeof(*fc), GFP_KERNEL);
	struct opp_kunit_dvfs *fix = NULL;
	struct fake_console *cap;
	int d, n;

	KUNIT_ASSERT_NOT_NULL(test, fc);
	test->priv = fc;
	fz_make(fc, rseed, i);
	if (fuzz_dump)
		fz_print(test, &fc->dt);
	fz_attach(test, &fc->dt);

	n = fc->dt.seed->nr_devs;
	for (d = 0; d < n; d++)
		fc->dev[d] = fz_device(test, fc, d, &fix);
	fc->token = fz_config(test, fc->dev[0], fc->dt.seed);

	cap = fake_console(test, fc->dev[0], LOGLEVEL_WARNING);
	fz_load(fc, n);
	fz_check_load(test, fc, n, cap);

	for (d = 0; d < n; d++)
		if (!fc->ret[d])
			fz_use(test, fc->dev[d], d ? NULL : fix);

	for (d = 0; d < n; d++)
		dev_pm_opp_of_remove_table(fc->dev[d]);
	if (fc->token)
		kunit_release_action(test, fz_put_config,
				     (void *)(long)fc->token);
	opp_flush_releases();
	fz_check_gone(test, fc, n);
}

static void opp_fuzz_mutation(struct kunit *test)
{
	fz_run(test, fuzz_seed, (unsigned long)test->param_value - 1);
}

/*
 * Mutations that once broke the core, run by every make check whatever
 * fuzz_n says. Each stays the table it names only while the seeds and the
 * mutators are unchanged: whoever changes those moves these cases to the
 * new numbers (make fuzz ONLY=... DUMP=1 shows the table).
 */
struct fz_regression {
	unsigned long rseed;
	unsigned long nr;
	const char *what;
};

static const struct fz_regression fz_regressions[] = {
	{ 1, 1441, "supply target above its maximum reached the regulator" },
};

static void fz_regression_desc(const struct fz_regression *r, char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "#%lu seed %lu: %s", r->nr,
		 r->rseed, r->what);
}

KUNIT_ARRAY_PARAM(fz_regression, fz_regressions, fz_regression_desc);

static void opp_fuzz_regression(struct kunit *test)
{
	const struct fz_regression *r = test->param_value;

	fz_run(test, r->rseed, r->nr);
}

static void opp_fuzz_exit(struct kunit *test)
{
	struct fz_case *fc = test->priv;

	if (fc && fc->dt.seed && test->status == KUNIT_FAILURE && !fuzz_dump) {
		kunit_info(test, "rerun alone: opp_kunit.fuzz_seed=%lu opp_kunit.fuzz_only=%lu\n",
			   fc->rseed, fc->nr);
		fz_print(test, &fc->dt);
	}
}

static struct kunit_case opp_fuzz_cases[] = {
	KUNIT_CASE_PARAM(opp_fuzz_mutation, fz_gen),
	KUNIT_CASE_PARAM(opp_fuzz_regression, fz_regression_gen_params),
	{}
};

static struct kunit_suite opp_fuzz_suite = {
	.name = "opp_fuzz",
	.exit = opp_fuzz_exit,
	.test_cases = opp_fuzz_cases,
};

kunit_test_suite(opp_fuzz_suite);
