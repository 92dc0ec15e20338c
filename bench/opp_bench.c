// SPDX-License-Identifier: GPL-2.0-only
/*
 * KUnit suites opp_bench and opp_bench_smp: what the OPP core costs, seen
 * through the public 6.12 API alone, so that this one file builds unchanged
 * against upstream's drivers/opp and against ours. scripts/bench.sh builds
 * it into both and prints the two side by side.
 *
 * Times are differences of ktime_get_ns(). Under QEMU with -icount shift=0
 * a guest nanosecond is one instruction executed, so a time is a count of
 * instructions and repeats on a busy host. Each figure is the median of
 * several repetitions, printed as one line "BENCH <metric> <value> <unit>".
 * Every case also checks what it timed (the OPP found, the count, the rate
 * the clock ended at), so that a core answering wrong cannot look fast.
 */

#include <kunit/test.h>
#include <linux/atomic.h>
#include <linux/clk.h>
#include <linux/completion.h>
#include <linux/cpumask.h>
#include <linux/device.h>
#include <linux/interconnect.h>
#include <linux/kthread.h>
#include <linux/ktime.h>
#include <linux/math64.h>
#include <linux/mmzone.h>
#include <linux/of.h>
#include <linux/pm_domain.h>
#include <linux/pm_opp.h>
#include <linux/rcupdate.h>
#include <linux/regulator/consumer.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/sort.h>
#include <linux/vmstat.h>

#include "../fakes/fakes.h"
#include "opp_bench.h"

#define BENCH_REPS		7
#define BENCH_STEP_HZ		1000000UL	/* OPP i runs at (i + 1) MHz */
#define BENCH_BASE_UV		800000UL	/* and at 0.8 V + i mV */
#define BENCH_STEP_UV		1000UL
#define BENCH_LOOKUPS		1024		/* per repetition */
#define BENCH_OTHER_OPPS	4		/* in each of the other tables */
#define BENCH_COUNT_OPPS	32
#define BENCH_COUNT_OTHERS	16
#define BENCH_GETS		4096		/* per repetition */
#define BENCH_SWITCHES		256		/* per repetition, even */
#define BENCH_DT_LOADS		4		/* per repetition */
#define BENCH_BYTES_OPPS	4096
#define BENCH_BYTES_REPS	5
#define BENCH_HAMMER_LOOKUPS	100000		/* per thread and repetition */
#define BENCH_HAMMER_READS	1000000		/* the same, for the calibration */
#define BENCH_HAMMER_REPS	5
#define BENCH_HAMMER_TIMEOUT	(600 * HZ)

/* The DVFS device: a fake clock and regulator bound to it by its name. */
#define BENCH_DVFS_NAME		"opp-bench-dvfs"
#define BENCH_LO_HZ		((unsigned long)BENCH_SOC_LO_HZ)
#define BENCH_LO_UV		900000UL
#define BENCH_HI_HZ		((unsigned long)BENCH_SOC_HI_HZ)
#define BENCH_HI_UV		1000000UL

static int bench_cmp_u64(const void *a, const void *b)
{
	u64 x = *(const u64 *)a;
	u64 y = *(const u64 *)b;

	return x < y ? -1 : x > y;
}

static int bench_cmp_s64(const void *a, const void *b)
{
	s64 x = *(const s64 *)a;
	s64 y = *(const s64 *)b;

	return x < y ? -1 : x > y;
}

/* The median of @nr samples, which get sorted. */
static u64 bench_median(u64 *samples, unsigned int nr)
{
	sort(samples, nr, sizeof(*samples), bench_cmp_u64, NULL);
	return samples[nr / 2];
}

static void bench_report(struct kunit *test, const char *metric, s64 value,
			 const char *unit)
{
	kunit_info(test, "BENCH %s %lld %s\n", metric, value, unit);
}

/* Picoseconds per operation, from a time in nanoseconds. */
static u64 bench_ps(u64 ns, unsigned int ops)
{
	return div_u64(ns * 1000, ops);
}

static unsigned long bench_rate(unsigned int i)
{
	return (i + 1) * BENCH_STEP_HZ;
}

static unsigned long bench_volt(unsigned int i)
{
	return BENCH_BASE_UV + i * BENCH_STEP_UV;
}

KUNIT_DEFINE_ACTION_WRAPPER(bench_root_unregister, root_device_unregister,
			    struct device *);
KUNIT_DEFINE_ACTION_WRAPPER(bench_remove_dynamic,
			    dev_pm_opp_remove_all_dynamic, struct device *);

/* A bare device called @name; it and its dynamic OPPs go with the test. */
static struct device *bench_device(struct kunit *test, const char *name)
{
	struct device *dev = root_device_register(name);
	int ret;

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, dev);
	ret = kunit_add_action_or_reset(test, bench_root_unregister, dev);
	KUNIT_ASSERT_EQ(test, ret, 0);
	ret = kunit_add_action_or_reset(test, bench_remove_dynamic, dev);
	KUNIT_ASSERT_EQ(test, ret, 0);
	return dev;
}

static void bench_fill(struct kunit *test, struct device *dev, unsigned int nr)
{
	unsigned int i;

	for (i = 0; i < nr; i++)
		KUNIT_ASSERT_EQ(test, 0, dev_pm_opp_add(dev, bench_rate(i),
							bench_volt(i)));
}

static void bench_other_table(struct kunit *test, unsigned int id)
{
	char name[24];

	snprintf(name, sizeof(name), "opp-bench-o%u", id);
	bench_fill(test, bench_device(test, name), BENCH_OTHER_OPPS);
}

/*
 * The device measured, with @nr OPPs, among @others more devices with small
 * tables: half of them registered before it and the rest after, since
 * upstream searches its list of tables from the newest one on.
 */
static struct device *bench_table(struct kunit *test, unsigned int nr,
				  unsigned int others)
{
	struct device *dev;
	unsigned int i;

	for (i = 0; i < others / 2; i++)
		bench_other_table(test, i);
	dev = bench_device(test, "opp-bench");
	bench_fill(test, dev, nr);
	for (; i < others; i++)
		bench_other_table(test, i);
	return dev;
}

enum bench_find {
	BENCH_CEIL,
	BENCH_FLOOR,
	BENCH_EXACT,
	BENCH_NR_FINDS,
};

static const char * const bench_find_names[BENCH_NR_FINDS] = {
	[BENCH_CEIL] = "find_ceil",
	[BENCH_FLOOR] = "find_floor",
	[BENCH_EXACT] = "find_exact",
};

/* Looks OPP @i up by @op and puts it; true if that is the OPP it found. */
static bool bench_find_one(struct device *dev, enum bench_find op,
			   unsigned int i)
{
	unsigned long freq = bench_rate(i);
	struct dev_pm_opp *opp;

	switch (op) {
	case BENCH_CEIL:
		freq -= BENCH_STEP_HZ / 2;
		opp = dev_pm_opp_find_freq_ceil(dev, &freq);
		break;
	case BENCH_FLOOR:
		freq += BENCH_STEP_HZ / 2;
		opp = dev_pm_opp_find_freq_floor(dev, &freq);
		break;
	default:
		opp = dev_pm_opp_find_freq_exact(dev, freq, true);
		break;
	}
	if (IS_ERR(opp))
		return false;
	dev_pm_opp_put(opp);
	return freq == bench_rate(i);
}

/* Picoseconds per lookup and put, over lookups spread across the table. */
static u64 bench_find_ps(struct device *dev, enum bench_find op,
			 unsigned int nr, unsigned int *misses)
{
	u64 start = ktime_get_ns();
	unsigned int i;

	for (i = 0; i < BENCH_LOOKUPS; i++)
		*misses += !bench_find_one(dev, op, (i * 7) % nr);
	return bench_ps(ktime_get_ns() - start, BENCH_LOOKUPS);
}

struct bench_lookup_case {
	unsigned int nr;
	unsigned int others;
};

static const struct bench_lookup_case bench_lookup_cases[] = {
	{ 8, 1 }, { 8, 16 }, { 32, 1 }, { 32, 16 },
	{ 128, 1 }, { 128, 16 }, { 512, 1 }, { 512, 16 },
};

static void bench_lookup_desc(const struct bench_lookup_case *c, char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "%u OPPs, %u other tables",
		 c->nr, c->others);
}

KUNIT_ARRAY_PARAM(bench_lookup, bench_lookup_cases, bench_lookup_desc);

/* Each lookup finds the OPP it aims at, in a table among others. */
static void opp_bench_find(struct kunit *test)
{
	const struct bench_lookup_case *c = test->param_value;
	struct device *dev = bench_table(test, c->nr, c->others);
	unsigned int misses = 0, rep;
	u64 samples[BENCH_REPS];
	enum bench_find op;
	char metric[40];

	for (op = BENCH_CEIL; op < BENCH_NR_FINDS; op++) {
		bench_find_ps(dev, op, c->nr, &misses);	/* warm-up */
		for (rep = 0; rep < BENCH_REPS; rep++)
			samples[rep] = bench_find_ps(dev, op, c->nr, &misses);
		snprintf(metric, sizeof(metric), "%s/%u/%u",
			 bench_find_names[op], c->nr, c->others);
		bench_report(test, metric, bench_median(samples, BENCH_REPS),
			     "ps");
	}
	KUNIT_EXPECT_EQ(test, misses, 0);
}

/* The count is the number of OPPs added, every time. */
static void opp_bench_get_opp_count(struct kunit *test)
{
	struct device *dev = bench_table(test, BENCH_COUNT_OPPS,
					 BENCH_COUNT_OTHERS);
	unsigned int wrong = 0, rep, i;
	u64 samples[BENCH_REPS], start;

	for (rep = 0; rep < BENCH_REPS; rep++) {
		start = ktime_get_ns();
		for (i = 0; i < BENCH_GETS; i++)
			wrong += dev_pm_opp_get_opp_count(dev) != BENCH_COUNT_OPPS;
		samples[rep] = bench_ps(ktime_get_ns() - start, BENCH_GETS);
	}
	KUNIT_EXPECT_EQ(test, wrong, 0);
	bench_report(test, "get_opp_count/32/16",
		     bench_median(samples, BENCH_REPS), "ps");
}

/*
 * An OPP's voltage and rate are the ones it was added with. The rate, a
 * plain field in both cores, also gives the cost of a call in this loop.
 */
static void opp_bench_get_voltage(struct kunit *test)
{
	struct device *dev = bench_table(test, BENCH_COUNT_OPPS,
					 BENCH_COUNT_OTHERS);
	u64 volts[BENCH_REPS], freqs[BENCH_REPS], start, sum = 0, fsum = 0;
	struct dev_pm_opp *opp;
	unsigned int rep, i;

	opp = dev_pm_opp_find_freq_exact(dev, bench_rate(3), true);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, opp);
	for (rep = 0; rep < BENCH_REPS; rep++) {
		start = ktime_get_ns();
		for (i = 0; i < BENCH_GETS; i++)
			sum += dev_pm_opp_get_voltage(opp);
		volts[rep] = bench_ps(ktime_get_ns() - start, BENCH_GETS);
		start = ktime_get_ns();
		for (i = 0; i < BENCH_GETS; i++)
			fsum += dev_pm_opp_get_freq(opp);
		freqs[rep] = bench_ps(ktime_get_ns() - start, BENCH_GETS);
	}
	dev_pm_opp_put(opp);
	KUNIT_EXPECT_EQ(test, sum, (u64)BENCH_REPS * BENCH_GETS * bench_volt(3));
	KUNIT_EXPECT_EQ(test, fsum, (u64)BENCH_REPS * BENCH_GETS * bench_rate(3));
	bench_report(test, "get_voltage", bench_median(volts, BENCH_REPS),
		     "ps");
	bench_report(test, "get_freq", bench_median(freqs, BENCH_REPS), "ps");
}

/**
 * struct bench_dvfs - a device with a fake clock and maybe a regulator
 * @clk: the clock
 * @reg: the regulator, supply "vdd" of the device, or NULL
 * @dev: the device
 */
struct bench_dvfs {
	struct fake_clk *clk;
	struct fake_reg *reg;
	struct device *dev;
};

/* The clock and regulator are registered first, so they outlive the OPPs. */
static struct bench_dvfs *bench_dvfs(struct kunit *test, bool with_reg)
{
	struct bench_dvfs *b = kunit_kzalloc(test, sizeof(*b), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, b);
	if (with_reg)
		b->reg = fake_reg(test, NULL, BENCH_DVFS_NAME, "vdd", 0, 0);
	b->clk = fake_clk(test, NULL, BENCH_DVFS_NAME, NULL, BENCH_LO_HZ, 0);
	b->dev = bench_device(test, BENCH_DVFS_NAME);
	return b;
}

static const char * const bench_clk_names[] = { NULL, NULL };
static const char * const bench_reg_names[] = { "vdd", NULL };

static void bench_clear_config(void *token)
{
	dev_pm_opp_clear_config((long)token);
}

/* The OPP core takes the device's clock (and its regulator "vdd"). */
static void bench_opp_config(struct kunit *test, struct device *dev,
			     bool with_reg)
{
	struct dev_pm_opp_config config = {
		.clk_names = bench_clk_names,
		.regulator_names = with_reg ? bench_reg_names : NULL,
	};
	int token = dev_pm_opp_set_config(dev, &config);
	int ret;

	KUNIT_ASSERT_GE(test, token, 0);
	ret = kunit_add_action_or_reset(test, bench_clear_config,
					(void *)(long)token);
	KUNIT_ASSERT_EQ(test, ret, 0);
}

/* The OPP core takes the clock (and the regulator), then gets two OPPs. */
static void bench_dvfs_config(struct kunit *test, struct bench_dvfs *b,
			      bool with_reg)
{
	bench_opp_config(test, b->dev, with_reg);
	KUNIT_ASSERT_EQ(test, 0, dev_pm_opp_add(b->dev, BENCH_LO_HZ,
						BENCH_LO_UV));
	KUNIT_ASSERT_EQ(test, 0, dev_pm_opp_add(b->dev, BENCH_HI_HZ,
						BENCH_HI_UV));
}

/*
 * What the transitions cost without the OPP core: the same clock (and
 * regulator) calls made directly, through handles of our own that are
 * dropped before the core takes its own. @round gets the time of one
 * clk_round_rate(), which a core may call on the way.
 */
static u64 bench_dvfs_baseline(struct kunit *test, struct bench_dvfs *b,
			       bool with_reg, u64 *round)
{
	u64 samples[BENCH_REPS], rounds[BENCH_REPS], start;
	struct regulator *reg = NULL;
	unsigned int rep, i, errors = 0;
	unsigned long uv;
	struct clk *clk;

	clk = clk_get(b->dev, NULL);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, clk);
	if (with_reg) {
		reg = regulator_get(b->dev, "vdd");
		KUNIT_ASSERT_NOT_ERR_OR_NULL(test, reg);
	}
	for (rep = 0; rep < BENCH_REPS; rep++) {
		start = ktime_get_ns();
		for (i = 0; i < BENCH_SWITCHES; i++)
			errors += clk_round_rate(clk, BENCH_HI_HZ) != BENCH_HI_HZ;
		rounds[rep] = bench_ps(ktime_get_ns() - start, BENCH_SWITCHES);
		start = ktime_get_ns();
		for (i = 0; i < BENCH_SWITCHES; i++) {
			uv = i & 1 ? BENCH_LO_UV : BENCH_HI_UV;
			if (reg)
				errors += !!regulator_set_voltage_triplet(reg,
								uv, uv, uv);
			errors += !!clk_set_rate(clk, i & 1 ? BENCH_LO_HZ :
							      BENCH_HI_HZ);
		}
		samples[rep] = bench_ps(ktime_get_ns() - start, BENCH_SWITCHES);
	}
	regulator_put(reg);
	clk_put(clk);
	KUNIT_EXPECT_EQ(test, errors, 0);
	KUNIT_EXPECT_EQ(test, b->clk->rate, BENCH_LO_HZ);
	*round = bench_median(rounds, BENCH_REPS);
	return bench_median(samples, BENCH_REPS);
}

static const bool bench_dvfs_cases[] = { false, true };

static void bench_dvfs_desc(const bool *with_reg, char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "%s",
		 *with_reg ? "clock and regulator" : "clock");
}

KUNIT_ARRAY_PARAM(bench_dvfs, bench_dvfs_cases, bench_dvfs_desc);

/* Alternating two OPPs leaves the clock (and supply) at the last one. */
static void opp_bench_set_rate(struct kunit *test)
{
	bool with_reg = *(const bool *)test->param_value;
	const char *what = with_reg ? "clk+reg" : "clk";
	struct bench_dvfs *b = bench_dvfs(test, with_reg);
	unsigned int rep, i, errors = 0;
	u64 samples[BENCH_REPS], finds[BENCH_REPS], start;
	unsigned long freq;
	u64 base, round;
	char metric[32];

	base = bench_dvfs_baseline(test, b, with_reg, &round);
	bench_dvfs_config(test, b, with_reg);
	KUNIT_ASSERT_EQ(test, 0, dev_pm_opp_set_rate(b->dev, BENCH_LO_HZ));
	/* The lookup a transition needs, on its own, as a sub-step. */
	for (rep = 0; rep < BENCH_REPS; rep++) {
		start = ktime_get_ns();
		for (i = 0; i < BENCH_SWITCHES; i++) {
			freq = BENCH_HI_HZ;
			dev_pm_opp_put(dev_pm_opp_find_freq_ceil(b->dev, &freq));
			errors += freq != BENCH_HI_HZ;
		}
		finds[rep] = bench_ps(ktime_get_ns() - start, BENCH_SWITCHES);
	}
	for (rep = 0; rep < BENCH_REPS; rep++) {
		start = ktime_get_ns();
		for (i = 0; i < BENCH_SWITCHES; i++)
			errors += !!dev_pm_opp_set_rate(b->dev, i & 1 ?
							BENCH_LO_HZ : BENCH_HI_HZ);
		samples[rep] = bench_ps(ktime_get_ns() - start, BENCH_SWITCHES);
	}
	KUNIT_EXPECT_EQ(test, errors, 0);
	KUNIT_EXPECT_EQ(test, b->clk->rate, BENCH_LO_HZ);
	if (with_reg) {
		KUNIT_EXPECT_EQ(test, fake_reg_uv(b->reg), BENCH_LO_UV);
		KUNIT_EXPECT_TRUE(test, b->reg->on);
	}
	snprintf(metric, sizeof(metric), "set_rate/%s", what);
	bench_report(test, metric, bench_median(samples, BENCH_REPS), "ps");
	snprintf(metric, sizeof(metric), "set_rate_base/%s", what);
	bench_report(test, metric, base, "ps");
	snprintf(metric, sizeof(metric), "set_rate_round/%s", what);
	bench_report(test, metric, round, "ps");
	snprintf(metric, sizeof(metric), "set_rate_find/%s", what);
	bench_report(test, metric, bench_median(finds, BENCH_REPS), "ps");
}

static void bench_clear_node(void *dev)
{
	device_set_node(dev, NULL);
}

/* The node of an applied overlay that is compatible with @compat. */
static struct device_node *bench_of_node(struct kunit *test,
					 const char *compat)
{
	struct device_node *np = of_find_compatible_node(NULL, NULL, compat);

	KUNIT_ASSERT_NOT_NULL(test, np);
	of_node_put_kunit(test, np);
	return np;
}

/* @dev gets @np as its node until the end of the test. */
static void bench_set_node(struct kunit *test, struct device *dev,
			   struct device_node *np)
{
	int ret;

	device_set_node(dev, of_fwnode_handle(np));
	ret = kunit_add_action_or_reset(test, bench_clear_node, dev);
	KUNIT_ASSERT_EQ(test, ret, 0);
}

static struct device *bench_dt_device(struct kunit *test)
{
	struct device *dev;

	KUNIT_ASSERT_EQ(test, 0, of_overlay_apply_kunit(test, opp_bench_of));
	dev = bench_device(test, "opp-bench-dt");
	bench_set_node(test, dev, bench_of_node(test, BENCH_DT_COMPATIBLE));
	return dev;
}

/* The top OPP of the loaded table has the rate and voltage of the DT. */
static bool bench_dt_top_ok(struct device *dev)
{
	unsigned int top = BENCH_DT_NR_OPPS - 1;
	unsigned long freq = ULONG_MAX;
	struct dev_pm_opp *opp;
	bool ok;

	opp = dev_pm_opp_find_freq_floor(dev, &freq);
	if (IS_ERR(opp))
		return false;
	ok = freq == BENCH_DT_BASE_HZ + top * BENCH_DT_STEP_HZ &&
	     dev_pm_opp_get_voltage(opp) == BENCH_DT_BASE_UV + top * BENCH_DT_STEP_UV;
	dev_pm_opp_put(opp);
	return ok;
}

/*
 * As a sub-step of a DT load: the same 64 OPPs added with dev_pm_opp_add()
 * to a device without DT, then removed; the median of BENCH_DT_LOADS runs.
 */
static u64 bench_add_dynamic_ns(struct kunit *test)
{
	struct device *dev = bench_device(test, "opp-bench-dyn");
	unsigned int rep, i, k, wrong = 0;
	u64 samples[BENCH_REPS], start;
	unsigned long hz, uv;

	for (rep = 0; rep < BENCH_REPS; rep++) {
		start = ktime_get_ns();
		for (i = 0; i < BENCH_DT_LOADS; i++) {
			for (k = 0; k < BENCH_DT_NR_OPPS; k++) {
				hz = BENCH_DT_BASE_HZ + k * BENCH_DT_STEP_HZ;
				uv = BENCH_DT_BASE_UV + k * BENCH_DT_STEP_UV;
				wrong += !!dev_pm_opp_add(dev, hz, uv);
			}
			dev_pm_opp_remove_all_dynamic(dev);
		}
		samples[rep] = ktime_get_ns() - start;
	}
	KUNIT_EXPECT_EQ(test, wrong, 0);
	return bench_median(samples, BENCH_REPS);
}

/* Every load of the 64-OPP table gives 64 OPPs, the top one right. */
static void opp_bench_of_table(struct kunit *test)
{
	u64 add[BENCH_REPS], del[BENCH_REPS], both[BENCH_REPS];
	struct device *dev = bench_dt_device(test);
	unsigned int rep, i, wrong = 0;
	u64 t0, t1, t2;

	for (rep = 0; rep < BENCH_REPS; rep++) {
		add[rep] = 0;
		del[rep] = 0;
		for (i = 0; i < BENCH_DT_LOADS; i++) {
			t0 = ktime_get_ns();
			wrong += !!dev_pm_opp_of_add_table(dev);
			t1 = ktime_get_ns();
			wrong += dev_pm_opp_get_opp_count(dev) != BENCH_DT_NR_OPPS;
			wrong += !bench_dt_top_ok(dev);
			t2 = ktime_get_ns();
			dev_pm_opp_of_remove_table(dev);
			del[rep] += ktime_get_ns() - t2;
			add[rep] += t1 - t0;
		}
		both[rep] = add[rep] + del[rep];
	}
	KUNIT_EXPECT_EQ(test, wrong, 0);
	KUNIT_EXPECT_LE(test, dev_pm_opp_get_opp_count(dev), 0);
	bench_report(test, "add_dynamic/64",
		     bench_ps(bench_add_dynamic_ns(test), BENCH_DT_LOADS), "ps");
	bench_report(test, "of_add_table/64",
		     bench_ps(bench_median(add, BENCH_REPS), BENCH_DT_LOADS), "ps");
	bench_report(test, "of_remove_table/64",
		     bench_ps(bench_median(del, BENCH_REPS), BENCH_DT_LOADS), "ps");
	bench_report(test, "of_add+remove/64",
		     bench_ps(bench_median(both, BENCH_REPS), BENCH_DT_LOADS), "ps");
}

enum bench_soc_kind {
	BENCH_SOC_PD,
	BENCH_SOC_ICC,
};

/**
 * struct bench_soc - a device in a power domain or on an interconnect path
 * @b: the device, with its fake clock
 * @pd: the power domain, whose node's table holds the levels
 * @icc: the interconnect provider; the path is from its node 0 to node 1
 */
struct bench_soc {
	struct bench_dvfs *b;
	struct fake_genpd *pd;
	struct fake_icc *icc;
};

static void bench_pd_detach(void *dev)
{
	dev_pm_domain_detach(dev, true);
}

/* What the platform bus does before probe: the device joins its domain. */
static void bench_pd_attach(struct kunit *test, struct device *dev)
{
	int ret;

	KUNIT_ASSERT_EQ(test, 0, dev_pm_domain_attach(dev, true));
	KUNIT_ASSERT_NOT_NULL(test, dev->pm_domain);
	ret = kunit_add_action_or_reset(test, bench_pd_detach, dev);
	KUNIT_ASSERT_EQ(test, ret, 0);
}

/* The interconnect provider, on the overlay's provider node. */
static struct fake_icc *bench_icc_provider(struct kunit *test)
{
	struct device *dev = kunit_device_register(test, "opp-bench-icc");

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, dev);
	bench_set_node(test, dev, bench_of_node(test, BENCH_ICC_COMPATIBLE));
	return fake_icc(test, NULL, dev);
}

/*
 * The overlay, the provider, then the device on it (named as the fake
 * clock's lookup wants) with its DT node, in its power domain if it has one.
 */
static struct bench_soc *bench_soc(struct kunit *test,
				   enum bench_soc_kind kind)
{
	struct bench_soc *s = kunit_kzalloc(test, sizeof(*s), GFP_KERNEL);
	struct device_node *np;

	KUNIT_ASSERT_NOT_NULL(test, s);
	KUNIT_ASSERT_EQ(test, 0, of_overlay_apply_kunit(test, opp_bench_soc));
	if (kind == BENCH_SOC_PD)
		s->pd = fake_genpd(test, NULL, BENCH_PD_COMPATIBLE, 0);
	else
		s->icc = bench_icc_provider(test);
	s->b = bench_dvfs(test, false);
	np = bench_of_node(test, kind == BENCH_SOC_PD ? BENCH_PD_DEV_COMPATIBLE :
						      BENCH_ICC_DEV_COMPATIBLE);
	bench_set_node(test, s->b->dev, np);
	if (kind == BENCH_SOC_PD)
		bench_pd_attach(test, s->b->dev);
	return s;
}

/* The vote of the OPP at @lo (else at the other rate), made directly. */
static int bench_soc_vote(struct bench_soc *s, enum bench_soc_kind kind,
			  struct icc_path *path, bool lo)
{
	if (kind == BENCH_SOC_PD)
		return dev_pm_genpd_set_performance_state(s->b->dev, lo ?
				BENCH_PD_LO_LEVEL : BENCH_PD_HI_LEVEL);
	if (lo)
		return icc_set_bw(path, BENCH_ICC_LO_AVG_KBPS,
				  BENCH_ICC_LO_PEAK_KBPS);
	return icc_set_bw(path, BENCH_ICC_HI_AVG_KBPS, BENCH_ICC_HI_PEAK_KBPS);
}

/* The clock and the provider are where the OPP at @lo (else hi) puts them. */
static bool bench_soc_at(const struct bench_soc *s, enum bench_soc_kind kind,
			 bool lo)
{
	if (s->b->clk->rate != (lo ? BENCH_LO_HZ : BENCH_HI_HZ))
		return false;
	if (kind == BENCH_SOC_PD)
		return s->pd->state == (lo ? BENCH_PD_LO_LEVEL :
					     BENCH_PD_HI_LEVEL);
	if (lo)
		return s->icc->avg == BENCH_ICC_LO_AVG_KBPS &&
		       s->icc->peak == BENCH_ICC_LO_PEAK_KBPS;
	return s->icc->avg == BENCH_ICC_HI_AVG_KBPS &&
	       s->icc->peak == BENCH_ICC_HI_PEAK_KBPS;
}

/*
 * The same clock calls and votes (a level of the device's power domain, or
 * a bandwidth on its path) without the OPP core, through handles of our
 * own that are dropped before the core takes its own.
 */
static u64 bench_soc_baseline(struct kunit *test, struct bench_soc *s,
			      enum bench_soc_kind kind)
{
	struct device *dev = s->b->dev;
	unsigned int rep, i, errors = 0;
	u64 samples[BENCH_REPS], start;
	struct icc_path *path = NULL;
	struct clk *clk;
	bool lo;

	clk = clk_get(dev, NULL);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, clk);
	if (kind == BENCH_SOC_ICC) {
		path = of_icc_get_by_index(dev, 0);
		KUNIT_ASSERT_NOT_ERR_OR_NULL(test, path);
	}
	for (rep = 0; rep < BENCH_REPS; rep++) {
		start = ktime_get_ns();
		for (i = 0; i < BENCH_SWITCHES; i++) {
			lo = i & 1;
			errors += !!bench_soc_vote(s, kind, path, lo);
			errors += !!clk_set_rate(clk, lo ? BENCH_LO_HZ :
							   BENCH_HI_HZ);
		}
		samples[rep] = bench_ps(ktime_get_ns() - start, BENCH_SWITCHES);
	}
	KUNIT_EXPECT_TRUE(test, bench_soc_at(s, kind, true));
	icc_put(path);
	clk_put(clk);
	KUNIT_EXPECT_EQ(test, errors, 0);
	return bench_median(samples, BENCH_REPS);
}

KUNIT_DEFINE_ACTION_WRAPPER(bench_remove_table, dev_pm_opp_of_remove_table,
			    struct device *);

/*
 * What sdhci-msm's probe does in 6.12: the interconnect paths checked (the
 * core takes its own when it makes the table), the clock given to the OPP
 * core, the DT table loaded.
 */
static void bench_soc_opp(struct kunit *test, struct device *dev)
{
	int ret;

	KUNIT_ASSERT_EQ(test, 0, dev_pm_opp_of_find_icc_paths(dev, NULL));
	bench_opp_config(test, dev, false);
	KUNIT_ASSERT_EQ(test, 0, dev_pm_opp_of_add_table(dev));
	ret = kunit_add_action_or_reset(test, bench_remove_table, dev);
	KUNIT_ASSERT_EQ(test, ret, 0);
	KUNIT_ASSERT_EQ(test, dev_pm_opp_get_opp_count(dev), 2);
}

static const enum bench_soc_kind bench_soc_cases[] = {
	BENCH_SOC_PD, BENCH_SOC_ICC,
};

static void bench_soc_desc(const enum bench_soc_kind *kind, char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "%s", *kind == BENCH_SOC_PD ?
		 "clock and power domain level" : "clock and interconnect path");
}

KUNIT_ARRAY_PARAM(bench_soc, bench_soc_cases, bench_soc_desc);

/*
 * Alternating two OPPs leaves the clock and the provider at the last one;
 * the core sets both on the way up and back down.
 */
static void opp_bench_set_rate_soc(struct kunit *test)
{
	const enum bench_soc_kind *param = test->param_value;
	enum bench_soc_kind kind = *param;
	const char *what = kind == BENCH_SOC_PD ? "pd" : "icc";
	struct bench_soc *s = bench_soc(test, kind);
	struct device *dev = s->b->dev;
	unsigned int rep, i, errors = 0;
	u64 samples[BENCH_REPS], start, base;
	char metric[32];

	base = bench_soc_baseline(test, s, kind);
	bench_soc_opp(test, dev);
	KUNIT_ASSERT_EQ(test, 0, dev_pm_opp_set_rate(dev, BENCH_HI_HZ));
	KUNIT_EXPECT_TRUE(test, bench_soc_at(s, kind, false));
	KUNIT_ASSERT_EQ(test, 0, dev_pm_opp_set_rate(dev, BENCH_LO_HZ));
	KUNIT_EXPECT_TRUE(test, bench_soc_at(s, kind, true));
	for (rep = 0; rep < BENCH_REPS; rep++) {
		start = ktime_get_ns();
		for (i = 0; i < BENCH_SWITCHES; i++)
			errors += !!dev_pm_opp_set_rate(dev, i & 1 ?
							BENCH_LO_HZ : BENCH_HI_HZ);
		samples[rep] = bench_ps(ktime_get_ns() - start, BENCH_SWITCHES);
	}
	KUNIT_EXPECT_EQ(test, errors, 0);
	KUNIT_EXPECT_TRUE(test, bench_soc_at(s, kind, true));
	snprintf(metric, sizeof(metric), "set_rate/%s", what);
	bench_report(test, metric, bench_median(samples, BENCH_REPS), "ps");
	snprintf(metric, sizeof(metric), "set_rate_base/%s", what);
	bench_report(test, metric, base, "ps");
}

/*
 * Pages held by slab caches (reclaimable and not), counting what each CPU
 * has not folded into the global counters yet. kmalloc() beyond the largest
 * cache is counted here too.
 */
static s64 bench_slab_pages(void)
{
	static const enum node_stat_item items[] = {
		NR_SLAB_RECLAIMABLE_B, NR_SLAB_UNRECLAIMABLE_B,
	};
	struct per_cpu_nodestat *pcp;
	unsigned int k;
	s64 pages = 0;
	int nid, cpu;

	for (k = 0; k < ARRAY_SIZE(items); k++) {
		pages += global_node_page_state_pages(items[k]);
		for_each_online_node(nid) {
			for_each_possible_cpu(cpu) {
				pcp = per_cpu_ptr(NODE_DATA(nid)->per_cpu_nodestats, cpu);
				pages += READ_ONCE(pcp->vm_node_stat_diff[items[k]]);
			}
		}
	}
	return pages;
}

/*
 * Frees deferred past a grace period are done once this returns, and the
 * kmalloc caches hold no empty slab, so that the slab pages counted are
 * those holding live objects.
 */
static void bench_settle(void)
{
	unsigned int type, i;

	rcu_barrier();
	kvfree_rcu_barrier();
	for (type = 0; type < NR_KMALLOC_TYPES; type++)
		for (i = 0; i < ARRAY_SIZE(kmalloc_caches[type]); i++)
			if (kmalloc_caches[type][i])
				kmem_cache_shrink(kmalloc_caches[type][i]);
}

/* Bytes per OPP of a slab growth of @pages over BENCH_BYTES_OPPS OPPs. */
static s64 bench_bytes_per_opp(s64 pages)
{
	return div_s64(pages * PAGE_SIZE, BENCH_BYTES_OPPS);
}

/*
 * Slab growth over BENCH_BYTES_OPPS dev_pm_opp_add() to one new table:
 * right after the burst, with whatever waits for a grace period still
 * allocated, then at rest.
 */
static void opp_bench_bytes_per_opp(struct kunit *test)
{
	s64 samples[BENCH_BYTES_REPS], burst[BENCH_BYTES_REPS], before;
	struct device *dev;
	unsigned int rep;
	char name[24];

	for (rep = 0; rep < BENCH_BYTES_REPS; rep++) {
		snprintf(name, sizeof(name), "opp-bench-b%u", rep);
		dev = bench_device(test, name);
		bench_settle();
		before = bench_slab_pages();
		bench_fill(test, dev, BENCH_BYTES_OPPS);
		burst[rep] = bench_bytes_per_opp(bench_slab_pages() - before);
		bench_settle();
		samples[rep] = bench_bytes_per_opp(bench_slab_pages() - before);
		KUNIT_EXPECT_EQ(test, dev_pm_opp_get_opp_count(dev),
				BENCH_BYTES_OPPS);
		dev_pm_opp_remove_all_dynamic(dev);
		KUNIT_EXPECT_LE(test, dev_pm_opp_get_opp_count(dev), 0);
	}
	sort(samples, BENCH_BYTES_REPS, sizeof(*samples), bench_cmp_s64, NULL);
	sort(burst, BENCH_BYTES_REPS, sizeof(*burst), bench_cmp_s64, NULL);
	bench_report(test, "bytes_per_opp/4096", samples[BENCH_BYTES_REPS / 2],
		     "B");
	bench_report(test, "burst_bytes_per_opp/4096",
		     burst[BENCH_BYTES_REPS / 2], "B");
}

static struct kunit_case opp_bench_cases[] = {
	KUNIT_CASE_PARAM(opp_bench_find, bench_lookup_gen_params),
	KUNIT_CASE(opp_bench_get_opp_count),
	KUNIT_CASE(opp_bench_get_voltage),
	KUNIT_CASE_PARAM(opp_bench_set_rate, bench_dvfs_gen_params),
	KUNIT_CASE_PARAM(opp_bench_set_rate_soc, bench_soc_gen_params),
	KUNIT_CASE(opp_bench_of_table),
	KUNIT_CASE(opp_bench_bytes_per_opp),
	{}
};

static struct kunit_suite opp_bench_suite = {
	.name = "opp_bench",
	.test_cases = opp_bench_cases,
};

/**
 * struct bench_hammer - threads looking OPPs up in one table at once
 * @dev: the table's device
 * @opp: with @reads, the OPP whose voltage the threads read
 * @reads: read @opp's voltage instead of looking OPPs up (calibration)
 * @start: lets the threads go, all at once
 * @done: completed by the last thread to finish
 * @running: threads not finished yet
 * @begin: when each thread started, in ns
 * @end: when each thread finished
 * @misses: lookups that did not find their OPP, per thread
 */
struct bench_hammer {
	struct device *dev;
	struct dev_pm_opp *opp;
	bool reads;
	struct completion start;
	struct completion done;
	atomic_t running;
	u64 begin[2];
	u64 end[2];
	unsigned int misses[2];
};

struct bench_hammer_arg {
	struct bench_hammer *hammer;
	unsigned int id;
};

/* Parks the thread until kthread_stop(), so it never exits on its own. */
static void bench_thread_park(void)
{
	set_current_state(TASK_INTERRUPTIBLE);
	while (!kthread_should_stop()) {
		schedule();
		set_current_state(TASK_INTERRUPTIBLE);
	}
	__set_current_state(TASK_RUNNING);
}

static int bench_hammer_fn(void *data)
{
	struct bench_hammer_arg *arg = data;
	struct bench_hammer *h = arg->hammer;
	unsigned int id = arg->id, i, misses = 0;

	wait_for_completion(&h->start);
	h->begin[id] = ktime_get_ns();
	if (h->reads) {
		for (i = 0; i < BENCH_HAMMER_READS; i++)
			misses += dev_pm_opp_get_voltage(h->opp) != bench_volt(3);
	} else {
		for (i = 0; i < BENCH_HAMMER_LOOKUPS; i++)
			misses += !bench_find_one(h->dev, BENCH_CEIL,
						  (i * 7 + id) % BENCH_COUNT_OPPS);
	}
	h->end[id] = ktime_get_ns();
	h->misses[id] = misses;
	if (atomic_dec_and_test(&h->running))
		complete(&h->done);
	bench_thread_park();
	return 0;
}

/*
 * Lookups (or voltage reads, if @opp is set) per second of @nr threads,
 * bound to CPUs 0 and 1, from the first start to the last end; 0 if a
 * thread could not run or got a wrong answer.
 */
static u64 bench_hammer_rate(struct device *dev, struct dev_pm_opp *opp,
			     unsigned int nr)
{
	struct bench_hammer h = { .dev = dev, .opp = opp, .reads = !!opp };
	struct bench_hammer_arg args[2];
	struct task_struct *tasks[2];
	unsigned int ops;
	unsigned int i, started;
	bool finished;
	u64 span;

	init_completion(&h.start);
	init_completion(&h.done);
	atomic_set(&h.running, nr);
	for (started = 0; started < nr; started++) {
		args[started] = (struct bench_hammer_arg){ &h, started };
		tasks[started] = kthread_create_on_cpu(bench_hammer_fn,
						       &args[started], started,
						       "opp-bench/%u");
		if (IS_ERR(tasks[started]))
			break;
		wake_up_process(tasks[started]);
	}
	if (started == nr)
		complete_all(&h.start);
	finished = started == nr &&
		   wait_for_completion_timeout(&h.done, BENCH_HAMMER_TIMEOUT);
	if (started < nr)
		complete_all(&h.start);
	for (i = 0; i < started; i++)
		kthread_stop(tasks[i]);
	if (!finished)
		return 0;

	span = max(h.end[0], h.end[nr - 1]) - min(h.begin[0], h.begin[nr - 1]);
	for (i = 0; i < nr; i++)
		if (h.misses[i])
			return 0;
	ops = opp ? BENCH_HAMMER_READS : BENCH_HAMMER_LOOKUPS;
	return div64_u64((u64)nr * ops * NSEC_PER_SEC, max(span, 1ULL));
}

/*
 * One table, looked up by one CPU, then by two at once; for calibration,
 * the same with threads that only read one OPP's voltage, which shares
 * nothing that is written and so shows what two vCPUs can do at best.
 */
static void opp_bench_smp_lookups(struct kunit *test)
{
	u64 one[BENCH_HAMMER_REPS], two[BENCH_HAMMER_REPS];
	u64 read1[BENCH_HAMMER_REPS], read2[BENCH_HAMMER_REPS];
	struct dev_pm_opp *opp;
	struct device *dev;
	unsigned int rep;

	KUNIT_ASSERT_GE(test, num_online_cpus(), 2);
	dev = bench_table(test, BENCH_COUNT_OPPS, BENCH_COUNT_OTHERS);
	opp = dev_pm_opp_find_freq_exact(dev, bench_rate(3), true);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, opp);
	for (rep = 0; rep < BENCH_HAMMER_REPS; rep++) {
		one[rep] = bench_hammer_rate(dev, NULL, 1);
		two[rep] = bench_hammer_rate(dev, NULL, 2);
		read1[rep] = bench_hammer_rate(dev, opp, 1);
		read2[rep] = bench_hammer_rate(dev, opp, 2);
	}
	dev_pm_opp_put(opp);
	for (rep = 0; rep < BENCH_HAMMER_REPS; rep++) {
		KUNIT_EXPECT_NE(test, one[rep], 0);
		KUNIT_EXPECT_NE(test, two[rep], 0);
		KUNIT_EXPECT_NE(test, read1[rep], 0);
		KUNIT_EXPECT_NE(test, read2[rep], 0);
	}
	bench_report(test, "lookups_per_s/1cpu",
		     bench_median(one, BENCH_HAMMER_REPS), "per_s");
	bench_report(test, "lookups_per_s/2cpu",
		     bench_median(two, BENCH_HAMMER_REPS), "per_s");
	bench_report(test, "reads_per_s/1cpu",
		     bench_median(read1, BENCH_HAMMER_REPS), "per_s");
	bench_report(test, "reads_per_s/2cpu",
		     bench_median(read2, BENCH_HAMMER_REPS), "per_s");
}

static struct kunit_case opp_bench_smp_cases[] = {
	KUNIT_CASE(opp_bench_smp_lookups),
	{}
};

static struct kunit_suite opp_bench_smp_suite = {
	.name = "opp_bench_smp",
	.test_cases = opp_bench_smp_cases,
};

kunit_test_suites(&opp_bench_suite, &opp_bench_smp_suite);

MODULE_DESCRIPTION("Benchmark of the OPP core through its public API");
MODULE_LICENSE("GPL");
