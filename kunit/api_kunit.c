// SPDX-License-Identifier: GPL-2.0-only
/*
 * KUnit suite opp_api: the API beyond Linux 6.12. dev_pm_opp_get_bw(),
 * dev_pm_opp_set_level(), the put_opp and put_opp_table cleanup classes,
 * dev_pm_opp_get() and dev_pm_opp_get_opp_table_ref() returning what they
 * took, dev_pm_opp_find_key_exact(), dev_pm_opp_get_current(), and what
 * failed lookups and transitions print.
 *
 * Expected values are the constants below, never something the core
 * computed.
 */

#include <kunit/test.h>
#include <linux/device.h>
#include <linux/err.h>
#include <linux/pm_opp.h>
#include <linux/string.h>

#include "../opp.h"
#include "opp_kunit_helpers.h"

#define F1	100000000UL	/* 100 MHz */
#define F2	200000000UL
#define F3	300000000UL
#define V1	900000UL
#define V2	1000000UL
#define V3	1100000UL

/* Bandwidths in kBps and levels of the multi-key table. */
#define B1	1000000U
#define B2	2000000U
#define B3	4000000U
#define A1	500000U
#define A2	700000U
#define L1	1U
#define L2	2U
#define L3	3U
#define L4	4U

/* A device with three dynamic OPPs, the last one disabled. */
static struct device *opp_api_three(struct kunit *test, bool disable_top)
{
	struct device *dev = opp_kunit_device(test, "opp-api-three");

	opp_kunit_add(test, dev, F1, V1);
	opp_kunit_add(test, dev, F2, V2);
	opp_kunit_add(test, dev, F3, V3);
	if (disable_top)
		KUNIT_ASSERT_EQ(test, dev_pm_opp_disable(dev, F3), 0);
	return dev;
}

/*
 * PCIe-like: two OPPs per rate, told apart by bandwidth and level; the last
 * one disabled.
 */
static const struct opp_kunit_desc opp_api_keyed[] = {
	{ .rates = { F1 }, .peak = { B1 }, .level = L1, .available = true },
	{ .rates = { F1 }, .peak = { B2 }, .level = L2, .available = true },
	{ .rates = { F2 }, .peak = { B2 }, .level = L3, .available = true },
	{ .rates = { F2 }, .peak = { B3 }, .level = L4, .available = false },
};

static struct device *opp_api_keyed_dev(struct kunit *test)
{
	struct device *dev = opp_kunit_device(test, "opp-api-keyed");

	opp_kunit_populate(test, dev, 1, 1, opp_api_keyed,
			   ARRAY_SIZE(opp_api_keyed));
	return dev;
}

static void opp_api_put(void *opp)
{
	dev_pm_opp_put(opp);
}

/* dev_pm_opp_find_key_exact() that must succeed; the OPP is put at the end. */
static struct dev_pm_opp *opp_api_find_key(struct kunit *test,
					   struct device *dev,
					   unsigned long freq,
					   unsigned int level, u32 bw,
					   bool available)
{
	struct dev_pm_opp_key key = { .freq = freq, .level = level, .bw = bw };
	struct dev_pm_opp *opp = dev_pm_opp_find_key_exact(dev, &key, available);

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, opp);
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, opp_api_put, opp),
			0);
	/* The key is not written back. */
	KUNIT_EXPECT_EQ(test, key.freq, freq);
	KUNIT_EXPECT_EQ(test, key.level, level);
	KUNIT_EXPECT_EQ(test, key.bw, bw);
	return opp;
}

static long opp_api_key_error(struct device *dev, unsigned long freq,
			      unsigned int level, u32 bw, bool available)
{
	struct dev_pm_opp_key key = { .freq = freq, .level = level, .bw = bw };
	struct dev_pm_opp *opp __free(put_opp) =
		dev_pm_opp_find_key_exact(dev, &key, available);

	return IS_ERR(opp) ? PTR_ERR(opp) : 0;
}

/* Peak and average bandwidth of each path. */
static void opp_api_get_bw_each_path(struct kunit *test)
{
	static const struct opp_kunit_desc desc[] = {
		{ .rates = { F1 }, .peak = { B1, B2 }, .avg = { A1, A2 },
		  .available = true },
	};
	struct device *dev = opp_kunit_device(test, "opp-api-bw");
	struct dev_pm_opp *opp;

	opp_kunit_populate(test, dev, 1, 2, desc, ARRAY_SIZE(desc));
	opp = opp_kunit_find_exact(test, dev, F1, true);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_bw(opp, true, 0), B1);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_bw(opp, false, 0), A1);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_bw(opp, true, 1), B2);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_bw(opp, false, 1), A2);
}

/* A path the table does not have, or no OPP at all: 0. */
static void opp_api_get_bw_bad_index(struct kunit *test)
{
	struct device *dev = opp_api_keyed_dev(test);
	struct device *plain = opp_api_three(test, false);
	struct dev_pm_opp *opp = opp_kunit_find_exact(test, dev, F2, true);

	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_bw(opp, true, 0), B2);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_bw(opp, true, 1), 0);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_bw(opp, false, -1), 0);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_bw(NULL, true, 0), 0);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_bw(ERR_PTR(-ERANGE), true, 0), 0);

	/* A table without interconnect paths has no path 0. */
	opp = opp_kunit_find_exact(test, plain, F1, true);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_bw(opp, true, 0), 0);
}

/* dev_pm_opp_get() returns its OPP with one more reference. */
static void opp_api_get_returns_opp(struct kunit *test)
{
	struct device *dev = opp_api_three(test, false);
	struct dev_pm_opp *opp = opp_kunit_find_exact(test, dev, F2, true);
	unsigned int refs = kref_read(&opp->kref);

	KUNIT_EXPECT_PTR_EQ(test, dev_pm_opp_get(opp), opp);
	KUNIT_EXPECT_EQ(test, kref_read(&opp->kref), refs + 1);
	dev_pm_opp_put(opp);
	KUNIT_EXPECT_EQ(test, kref_read(&opp->kref), refs);
}

/* dev_pm_opp_get_opp_table_ref() returns its table with one more reference. */
static void opp_api_get_table_ref_returns_table(struct kunit *test)
{
	struct device *dev = opp_api_three(test, false);
	struct opp_table *table;
	unsigned int table_refs;

	table = opp_kunit_hold_table(test, dev_pm_opp_get_opp_table(dev));
	table_refs = kref_read(&table->kref);
	KUNIT_EXPECT_PTR_EQ(test, dev_pm_opp_get_opp_table_ref(table), table);
	KUNIT_EXPECT_EQ(test, kref_read(&table->kref), table_refs + 1);
	dev_pm_opp_put_opp_table(table);
	KUNIT_EXPECT_EQ(test, kref_read(&table->kref), table_refs);
}

/* __free(put_opp) drops the OPP at the end of the scope, not an error. */
static void opp_api_free_put_opp(struct kunit *test)
{
	struct device *dev = opp_api_three(test, false);
	struct dev_pm_opp *held = opp_kunit_find_exact(test, dev, F2, true);
	unsigned int refs = kref_read(&held->kref);

	{
		struct dev_pm_opp *opp __free(put_opp) =
			dev_pm_opp_find_freq_exact(dev, F2, true);

		KUNIT_EXPECT_PTR_EQ(test, opp, held);
		KUNIT_EXPECT_EQ(test, kref_read(&held->kref), refs + 1);
	}
	KUNIT_EXPECT_EQ(test, kref_read(&held->kref), refs);

	{
		/* An error pointer is left alone. */
		struct dev_pm_opp *miss __free(put_opp) =
			dev_pm_opp_find_freq_exact(dev, F3 + 1, true);

		KUNIT_EXPECT_EQ(test, PTR_ERR(miss), -ERANGE);
	}
}

/* __free(put_opp_table) drops the table at the end of the scope. */
static void opp_api_free_put_opp_table(struct kunit *test)
{
	struct device *dev = opp_api_three(test, false);
	struct opp_table *table;
	unsigned int table_refs;

	table = opp_kunit_hold_table(test, dev_pm_opp_get_opp_table(dev));
	table_refs = kref_read(&table->kref);
	{
		struct opp_table *again __free(put_opp_table) =
			dev_pm_opp_get_opp_table_ref(table);

		KUNIT_EXPECT_EQ(test, kref_read(&again->kref), table_refs + 1);
	}
	KUNIT_EXPECT_EQ(test, kref_read(&table->kref), table_refs);

	{
		struct opp_table *none __free(put_opp_table) =
			dev_pm_opp_get_opp_table(NULL);

		KUNIT_EXPECT_EQ(test, PTR_ERR(none), -EINVAL);
	}
}

/* Several keys at one rate tell the OPPs apart; a zero key matches any. */
static void opp_api_find_key_at_one_rate(struct kunit *test)
{
	struct device *dev = opp_api_keyed_dev(test);
	struct dev_pm_opp *opp;

	opp = opp_api_find_key(test, dev, F1, L2, 0, true);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_bw(opp, true, 0), B2);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_freq(opp), F1);

	opp = opp_api_find_key(test, dev, F1, OPP_LEVEL_UNSET, B2, true);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_level(opp), L2);

	/* Rate only: the first of that rate in table order. */
	opp = opp_api_find_key(test, dev, F1, OPP_LEVEL_UNSET, 0, true);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_level(opp), L1);

	opp = opp_api_find_key(test, dev, F2, L3, B2, true);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_freq(opp), F2);
}

/* Without a rate the whole table is scanned, in table order. */
static void opp_api_find_key_without_rate(struct kunit *test)
{
	struct device *dev = opp_api_keyed_dev(test);
	struct dev_pm_opp *opp;

	opp = opp_api_find_key(test, dev, 0, L3, 0, true);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_freq(opp), F2);

	opp = opp_api_find_key(test, dev, 0, OPP_LEVEL_UNSET, B2, true);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_freq(opp), F1);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_level(opp), L2);

	opp = opp_api_find_key(test, dev, 0, OPP_LEVEL_UNSET, 0, true);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_level(opp), L1);
}

/*
 * Keys of different OPPs do not combine; level 0 is a level, not "any"
 * (before 6.8, 6.1 here, it is OPP_LEVEL_UNSET).
 */
static void opp_api_find_key_no_match(struct kunit *test)
{
	struct device *dev = opp_api_keyed_dev(test);

	KUNIT_EXPECT_EQ(test, opp_api_key_error(dev, F1, L3, 0, true), -ERANGE);
	KUNIT_EXPECT_EQ(test, opp_api_key_error(dev, F2, OPP_LEVEL_UNSET, B1,
						true), -ERANGE);
	if (OPP_LEVEL_UNSET)
		KUNIT_EXPECT_EQ(test, opp_api_key_error(dev, F1, 0, 0, true),
				-ERANGE);
	KUNIT_EXPECT_EQ(test, opp_api_key_error(dev, F3, OPP_LEVEL_UNSET, 0,
						true), -ERANGE);
	KUNIT_EXPECT_EQ(test, opp_api_key_error(dev, F1 - 1, OPP_LEVEL_UNSET, 0,
						true), -ERANGE);
}

/* @available picks the available OPPs or the disabled ones, never both. */
static void opp_api_find_key_available(struct kunit *test)
{
	struct device *dev = opp_api_keyed_dev(test);
	struct dev_pm_opp *opp;

	KUNIT_EXPECT_EQ(test, opp_api_key_error(dev, F2, L4, 0, true), -ERANGE);
	opp = opp_api_find_key(test, dev, F2, L4, 0, false);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_bw(opp, true, 0), B3);
	KUNIT_EXPECT_EQ(test, opp_api_key_error(dev, F1, L1, 0, false),
			-ERANGE);
}

/* An OPP without paths matches a zero bandwidth only. */
static void opp_api_find_key_without_paths(struct kunit *test)
{
	struct device *dev = opp_api_three(test, false);
	struct dev_pm_opp *opp;

	opp = opp_api_find_key(test, dev, F2, OPP_LEVEL_UNSET, 0, true);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_voltage(opp), V2);
	KUNIT_EXPECT_EQ(test, opp_api_key_error(dev, F2, OPP_LEVEL_UNSET, B1,
						true), -ERANGE);
}

static void opp_api_find_key_errors(struct kunit *test)
{
	static const struct opp_kunit_desc two_clocks[] = {
		{ .rates = { F1, F2 }, .available = true },
	};
	struct device *dev = opp_api_keyed_dev(test);
	struct device *bare = opp_kunit_device(test, "opp-api-bare");
	struct device *multi = opp_kunit_device(test, "opp-api-multi");
	struct dev_pm_opp_key key = { .freq = F1, .level = OPP_LEVEL_UNSET };
	struct dev_pm_opp *opp;

	opp_kunit_populate(test, multi, 2, 0, two_clocks,
			   ARRAY_SIZE(two_clocks));

	opp = dev_pm_opp_find_key_exact(NULL, &key, true);
	KUNIT_EXPECT_EQ(test, PTR_ERR(opp), -EINVAL);
	opp = dev_pm_opp_find_key_exact(dev, NULL, true);
	KUNIT_EXPECT_EQ(test, PTR_ERR(opp), -EINVAL);
	KUNIT_EXPECT_EQ(test, opp_api_key_error(bare, F1, OPP_LEVEL_UNSET, 0,
						true), -ENODEV);
	/* Keys name one clock: a table of several is a caller's bug. */
	OPP_KUNIT_EXPECT_WARN(test, "opp_expect_one_clock");
	KUNIT_EXPECT_EQ(test, opp_api_key_error(multi, F1, OPP_LEVEL_UNSET, 0,
						true), -EINVAL);
}

/* A table of levels, without a clock. */
static struct device *opp_api_levels(struct kunit *test)
{
	struct device *dev = opp_kunit_device(test, "opp-api-levels");
	struct dev_pm_opp_data data[] = {
		{ .level = L1, .freq = F1 },
		{ .level = L2, .freq = F2 },
		{ .level = L3, .freq = F3 },
	};
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(data); i++)
		KUNIT_ASSERT_EQ(test, dev_pm_opp_add_dynamic(dev, &data[i]), 0);
	return dev;
}

/* dev_pm_opp_set_level() moves to the OPP of exactly that level. */
static void opp_api_set_level(struct kunit *test)
{
	struct device *dev = opp_api_levels(test);
	struct dev_pm_opp *opp;

	KUNIT_ASSERT_EQ(test, dev_pm_opp_set_level(dev, L2), 0);
	opp = dev_pm_opp_get_current(dev);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, opp);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_level(opp), L2);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_freq(opp), F2);
	dev_pm_opp_put(opp);

	KUNIT_ASSERT_EQ(test, dev_pm_opp_set_level(dev, L3), 0);
	opp = dev_pm_opp_get_current(dev);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, opp);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_level(opp), L3);
	dev_pm_opp_put(opp);
}

/* No OPP of that level, a disabled one, or no table: nothing moves. */
static void opp_api_set_level_errors(struct kunit *test)
{
	struct device *dev = opp_api_levels(test);
	struct device *bare = opp_kunit_device(test, "opp-api-bare");
	struct dev_pm_opp *opp;

	KUNIT_ASSERT_EQ(test, dev_pm_opp_set_level(dev, L1), 0);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_set_level(dev, L4), -ERANGE);
	KUNIT_ASSERT_EQ(test, dev_pm_opp_disable(dev, F2), 0);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_set_level(dev, L2), -ERANGE);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_set_level(bare, L1), -ENODEV);

	opp = dev_pm_opp_get_current(dev);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, opp);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_level(opp), L1);
	dev_pm_opp_put(opp);
}

/* Before the first transition and after rate 0 there is no current OPP. */
static void opp_api_get_current_lifecycle(struct kunit *test)
{
	struct device *dev = opp_api_three(test, false);
	struct dev_pm_opp *want = opp_kunit_find_exact(test, dev, F2, true);
	struct dev_pm_opp *opp;
	unsigned int refs;

	KUNIT_EXPECT_EQ(test, PTR_ERR(dev_pm_opp_get_current(dev)), -ENODATA);
	KUNIT_ASSERT_EQ(test, dev_pm_opp_set_rate(dev, F2), 0);

	refs = kref_read(&want->kref);
	opp = dev_pm_opp_get_current(dev);
	KUNIT_EXPECT_PTR_EQ(test, opp, want);
	KUNIT_EXPECT_EQ(test, kref_read(&want->kref), refs + 1);
	dev_pm_opp_put(opp);

	KUNIT_ASSERT_EQ(test, dev_pm_opp_set_rate(dev, 0), 0);
	KUNIT_EXPECT_EQ(test, PTR_ERR(dev_pm_opp_get_current(dev)), -ENODATA);
}

/*
 * The current OPP lingers after its removal: still counted, current, and
 * picked by a transition to its rate. The move to another OPP lets go of it,
 * and it leaves.
 */
static void opp_api_get_current_after_removal(struct kunit *test)
{
	struct device *dev = opp_api_three(test, false);
	struct dev_pm_opp *opp;

	KUNIT_ASSERT_EQ(test, dev_pm_opp_set_rate(dev, F3), 0);
	dev_pm_opp_remove(dev, F3);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_opp_count(dev), 3);

	opp = dev_pm_opp_get_current(dev);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, opp);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_freq(opp), F3);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_voltage(opp), V3);
	dev_pm_opp_put(opp);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_set_rate(dev, F3), 0);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_opp_count(dev), 3);

	KUNIT_EXPECT_EQ(test, dev_pm_opp_set_rate(dev, F1), 0);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_opp_count(dev), 2);
	KUNIT_EXPECT_EQ(test, PTR_ERR(dev_pm_opp_find_freq_exact(dev, F3, true)),
			-ERANGE);
}

static void opp_api_get_current_errors(struct kunit *test)
{
	struct device *bare = opp_kunit_device(test, "opp-api-bare");

	KUNIT_EXPECT_EQ(test, PTR_ERR(dev_pm_opp_get_current(NULL)), -EINVAL);
	KUNIT_EXPECT_EQ(test, PTR_ERR(dev_pm_opp_get_current(ERR_PTR(-EIO))),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, PTR_ERR(dev_pm_opp_get_current(bare)), -ENODEV);
}

/*
 * Drivers probe on purpose (cpufreq and devfreq walk find_freq_ceil() past
 * the top): as in Linux, a lookup that finds nothing prints nothing.
 */
static void opp_api_failed_lookups_are_silent(struct kunit *test)
{
	struct device *dev = opp_api_three(test, true);
	struct fake_console *warnings = fake_console(test, dev, LOGLEVEL_WARNING);
	unsigned long freq;

	fake_console_reset(warnings);
	freq = F2 + 1;
	KUNIT_EXPECT_EQ(test, PTR_ERR(dev_pm_opp_find_freq_ceil(dev, &freq)),
			-ERANGE);
	freq = F1 - 1;
	KUNIT_EXPECT_EQ(test, PTR_ERR(dev_pm_opp_find_freq_floor(dev, &freq)),
			-ERANGE);
	KUNIT_EXPECT_EQ(test, PTR_ERR(dev_pm_opp_find_freq_exact(dev, F3, true)),
			-ERANGE);
	KUNIT_EXPECT_EQ(test, opp_api_key_error(dev, F3, OPP_LEVEL_UNSET, 0,
						true), -ERANGE);
	KUNIT_EXPECT_EQ(test, fake_console_count(warnings), 0);
}

/*
 * A transition with no OPP to go to fails with one error, as in Linux, that
 * says what the table holds.
 */
static void opp_api_set_rate_error_describes_table(struct kunit *test)
{
	struct device *dev = opp_api_three(test, true);
	struct fake_console *errors = fake_console(test, dev, LOGLEVEL_ERR);
	char want[96];

	fake_console_reset(errors);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_set_rate(dev, F2 + 1), -ERANGE);
	KUNIT_ASSERT_EQ(test, fake_console_count(errors), 1);
	snprintf(want, sizeof(want), "2 available from %lu to %lu Hz, 1 disabled",
		 F1, F2);
	KUNIT_EXPECT_NOT_NULL_MSG(test, strstr(fake_console_line(errors, 0), want),
				  "%s", fake_console_line(errors, 0));
	snprintf(want, sizeof(want), "%lu Hz", F2 + 1);
	KUNIT_EXPECT_NOT_NULL(test, strstr(fake_console_line(errors, 0), want));
}

static struct kunit_case opp_api_cases[] = {
	KUNIT_CASE(opp_api_get_bw_each_path),
	KUNIT_CASE(opp_api_get_bw_bad_index),
	KUNIT_CASE(opp_api_get_returns_opp),
	KUNIT_CASE(opp_api_get_table_ref_returns_table),
	KUNIT_CASE(opp_api_free_put_opp),
	KUNIT_CASE(opp_api_free_put_opp_table),
	KUNIT_CASE(opp_api_find_key_at_one_rate),
	KUNIT_CASE(opp_api_find_key_without_rate),
	KUNIT_CASE(opp_api_find_key_no_match),
	KUNIT_CASE(opp_api_find_key_available),
	KUNIT_CASE(opp_api_find_key_without_paths),
	KUNIT_CASE(opp_api_find_key_errors),
	KUNIT_CASE(opp_api_set_level),
	KUNIT_CASE(opp_api_set_level_errors),
	KUNIT_CASE(opp_api_get_current_lifecycle),
	KUNIT_CASE(opp_api_get_current_after_removal),
	KUNIT_CASE(opp_api_get_current_errors),
	KUNIT_CASE(opp_api_failed_lookups_are_silent),
	KUNIT_CASE(opp_api_set_rate_error_describes_table),
	{}
};

static struct kunit_suite opp_api_suite = {
	.name = "opp_api",
	.test_cases = opp_api_cases,
};

kunit_test_suite(opp_api_suite);
