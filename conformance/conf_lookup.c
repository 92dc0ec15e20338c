// SPDX-License-Identifier: GPL-2.0-only
/*
 * opp_conf_lookup: how the find functions round, what they skip, what they
 * return when nothing matches, and how counts follow availability.
 */

#include <kunit/test.h>
#include <linux/device.h>
#include <linux/err.h>
#include <linux/pm_opp.h>

#include "conf.h"

#define LK_F1	100000000UL
#define LK_F2	200000000UL
#define LK_F3	300000000UL
#define LK_U1	900000UL
#define LK_U2	1000000UL
#define LK_U3	1100000UL

/* Three OPPs added at run time: 100, 200 and 300 MHz. */
static struct device *lk_device(struct kunit *test)
{
	struct device *dev = conf_device(test, "conf-lk");

	conf_add(test, dev, LK_F1, LK_U1);
	conf_add(test, dev, LK_F3, LK_U3);
	conf_add(test, dev, LK_F2, LK_U2);
	return dev;
}

/* Checks @opp is the OPP at @freq, then puts it. */
static void lk_expect(struct kunit *test, struct dev_pm_opp *opp,
		      unsigned long freq)
{
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, opp);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_freq(opp), freq);
	dev_pm_opp_put(opp);
}

/* A ceil lookup between two OPPs finds the upper one and reports its rate. */
static void conf_lookup_ceil_rounds_up(struct kunit *test)
{
	struct device *dev = lk_device(test);
	unsigned long freq = LK_F1 + 1;

	lk_expect(test, dev_pm_opp_find_freq_ceil(dev, &freq), LK_F2);
	KUNIT_EXPECT_EQ(test, freq, LK_F2);
}

/* Above the fastest OPP a ceil lookup is -ERANGE and leaves the rate. */
static void conf_lookup_ceil_above_max_is_erange(struct kunit *test)
{
	struct device *dev = lk_device(test);
	unsigned long freq = LK_F3 + 1;

	KUNIT_EXPECT_EQ(test, PTR_ERR(dev_pm_opp_find_freq_ceil(dev, &freq)),
			-ERANGE);
	KUNIT_EXPECT_EQ(test, freq, LK_F3 + 1);
}

/* A floor lookup between two OPPs finds the lower one. */
static void conf_lookup_floor_rounds_down(struct kunit *test)
{
	struct device *dev = lk_device(test);
	unsigned long freq = LK_F3 - 1;

	lk_expect(test, dev_pm_opp_find_freq_floor(dev, &freq), LK_F2);
	KUNIT_EXPECT_EQ(test, freq, LK_F2);
}

/* Below the slowest OPP a floor lookup is -ERANGE and leaves the rate. */
static void conf_lookup_floor_below_min_is_erange(struct kunit *test)
{
	struct device *dev = lk_device(test);
	unsigned long freq = LK_F1 - 1;

	KUNIT_EXPECT_EQ(test, PTR_ERR(dev_pm_opp_find_freq_floor(dev, &freq)),
			-ERANGE);
	KUNIT_EXPECT_EQ(test, freq, LK_F1 - 1);
}

/* floor(ULONG_MAX) is the usual way to ask for the fastest OPP. */
static void conf_lookup_floor_ulong_max_is_fastest(struct kunit *test)
{
	struct device *dev = lk_device(test);
	unsigned long freq = ULONG_MAX;

	lk_expect(test, dev_pm_opp_find_freq_floor(dev, &freq), LK_F3);
	KUNIT_EXPECT_EQ(test, freq, LK_F3);
}

/* ceil(0) is the usual way to ask for the slowest OPP. */
static void conf_lookup_ceil_zero_is_slowest(struct kunit *test)
{
	struct device *dev = lk_device(test);
	unsigned long freq = 0;

	lk_expect(test, dev_pm_opp_find_freq_ceil(dev, &freq), LK_F1);
	KUNIT_EXPECT_EQ(test, freq, LK_F1);
}

/* A disabled OPP is stepped over by ceil lookups. */
static void conf_lookup_ceil_skips_disabled(struct kunit *test)
{
	struct device *dev = lk_device(test);
	unsigned long freq = LK_F1 + 1;

	KUNIT_ASSERT_EQ(test, dev_pm_opp_disable(dev, LK_F2), 0);
	lk_expect(test, dev_pm_opp_find_freq_ceil(dev, &freq), LK_F3);
	KUNIT_EXPECT_EQ(test, freq, LK_F3);
}

/* A disabled OPP is stepped over by floor lookups. */
static void conf_lookup_floor_skips_disabled(struct kunit *test)
{
	struct device *dev = lk_device(test);
	unsigned long freq = LK_F3 - 1;

	KUNIT_ASSERT_EQ(test, dev_pm_opp_disable(dev, LK_F2), 0);
	lk_expect(test, dev_pm_opp_find_freq_floor(dev, &freq), LK_F1);
	KUNIT_EXPECT_EQ(test, freq, LK_F1);
}

/* An exact lookup of a disabled OPP needs available = false. */
static void conf_lookup_exact_disabled_needs_unavailable(struct kunit *test)
{
	struct device *dev = lk_device(test);

	KUNIT_ASSERT_EQ(test, dev_pm_opp_disable(dev, LK_F2), 0);
	KUNIT_EXPECT_EQ(test, PTR_ERR(dev_pm_opp_find_freq_exact(dev, LK_F2,
								 true)),
			-ERANGE);
	lk_expect(test, dev_pm_opp_find_freq_exact(dev, LK_F2, false), LK_F2);
}

/* available = false does not find an enabled OPP. */
static void conf_lookup_exact_unavailable_skips_enabled(struct kunit *test)
{
	struct device *dev = lk_device(test);

	KUNIT_EXPECT_EQ(test, PTR_ERR(dev_pm_opp_find_freq_exact(dev, LK_F1,
								 false)),
			-ERANGE);
}

/* A device that never had OPPs answers -ENODEV to every lookup. */
static void conf_lookup_no_table_is_enodev(struct kunit *test)
{
	struct device *dev = conf_device(test, "conf-lk-none");
	unsigned long freq = LK_F1;

	KUNIT_EXPECT_EQ(test, PTR_ERR(dev_pm_opp_find_freq_ceil(dev, &freq)),
			-ENODEV);
	KUNIT_EXPECT_EQ(test, PTR_ERR(dev_pm_opp_find_freq_floor(dev, &freq)),
			-ENODEV);
	KUNIT_EXPECT_EQ(test, PTR_ERR(dev_pm_opp_find_freq_exact(dev, freq,
								 true)),
			-ENODEV);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_opp_count(dev), -ENODEV);
}

/* The count is of available OPPs only. */
static void conf_lookup_count_excludes_disabled(struct kunit *test)
{
	struct device *dev = lk_device(test);

	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_opp_count(dev), 3);
	KUNIT_ASSERT_EQ(test, dev_pm_opp_disable(dev, LK_F3), 0);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_opp_count(dev), 2);
}

/* An exact lookup matches the rate exactly or not at all. */
static void conf_lookup_exact_between_is_erange(struct kunit *test)
{
	struct device *dev = lk_device(test);

	KUNIT_EXPECT_EQ(test, PTR_ERR(dev_pm_opp_find_freq_exact(dev, LK_F1 + 1,
								 true)),
			-ERANGE);
}

/* A table of added OPPs has one clock: index 1 is -EINVAL, index 0 works. */
static void conf_lookup_indexed_beyond_clocks_is_einval(struct kunit *test)
{
	struct device *dev = lk_device(test);
	unsigned long freq = LK_F1 + 1;
	struct dev_pm_opp *opp = dev_pm_opp_find_freq_ceil_indexed(dev, &freq, 1);

	KUNIT_EXPECT_EQ(test, PTR_ERR(opp), -EINVAL);
	lk_expect(test, dev_pm_opp_find_freq_ceil_indexed(dev, &freq, 0), LK_F2);
}

/* The count of a NULL device is -EINVAL, not -ENODEV. */
static void conf_lookup_count_null_device_is_einval(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_opp_count(NULL), -EINVAL);
}

static struct kunit_case conf_lookup_cases[] = {
	KUNIT_CASE(conf_lookup_ceil_rounds_up),
	KUNIT_CASE(conf_lookup_ceil_above_max_is_erange),
	KUNIT_CASE(conf_lookup_floor_rounds_down),
	KUNIT_CASE(conf_lookup_floor_below_min_is_erange),
	KUNIT_CASE(conf_lookup_floor_ulong_max_is_fastest),
	KUNIT_CASE(conf_lookup_ceil_zero_is_slowest),
	KUNIT_CASE(conf_lookup_ceil_skips_disabled),
	KUNIT_CASE(conf_lookup_floor_skips_disabled),
	KUNIT_CASE(conf_lookup_exact_disabled_needs_unavailable),
	KUNIT_CASE(conf_lookup_exact_unavailable_skips_enabled),
	KUNIT_CASE(conf_lookup_no_table_is_enodev),
	KUNIT_CASE(conf_lookup_count_excludes_disabled),
	KUNIT_CASE(conf_lookup_exact_between_is_erange),
	KUNIT_CASE(conf_lookup_indexed_beyond_clocks_is_einval),
	KUNIT_CASE(conf_lookup_count_null_device_is_einval),
	{}
};

static struct kunit_suite conf_lookup_suite = {
	.name = "opp_conf_lookup",
	.test_cases = conf_lookup_cases,
};

#define LV_1	1
#define LV_3	3
#define LV_5	5

/* dev_pm_opp_add() gives level 0, which an exact lookup of 0 finds. */
static void conf_level_added_opp_has_level_zero(struct kunit *test)
{
	struct device *dev = conf_device(test, "conf-lv0");
	unsigned int level = 1;

	conf_add(test, dev, LK_F1, LK_U1);
	KUNIT_EXPECT_EQ(test, PTR_ERR(dev_pm_opp_find_level_ceil(dev, &level)),
			-ERANGE);
	lk_expect(test, dev_pm_opp_find_level_exact(dev, 0), LK_F1);
}

#ifndef OPP_TEST_API_6_1
/* Cases of 6.12's API that 6.1's lacks: left out on 6.1, on both cores. */

/* Three OPPs added with levels 1, 3 and 5 (at 100, 200 and 300 MHz). */
static struct device *lv_device(struct kunit *test)
{
	struct device *dev = conf_device(test, "conf-lv");

	conf_add_level(test, dev, LK_F1, LV_1);
	conf_add_level(test, dev, LK_F2, LV_3);
	conf_add_level(test, dev, LK_F3, LV_5);
	return dev;
}

/* An exact level lookup finds the OPP added with that level. */
static void conf_level_exact_finds_level(struct kunit *test)
{
	struct device *dev = lv_device(test);

	lk_expect(test, dev_pm_opp_find_level_exact(dev, LV_3), LK_F2);
}

/* A ceil level lookup rounds up and reports the level found. */
static void conf_level_ceil_rounds_up(struct kunit *test)
{
	struct device *dev = lv_device(test);
	unsigned int level = LV_1 + 1;

	lk_expect(test, dev_pm_opp_find_level_ceil(dev, &level), LK_F2);
	KUNIT_EXPECT_EQ(test, level, LV_3);
}

/* Above the highest level a ceil lookup is -ERANGE. */
static void conf_level_ceil_above_max_is_erange(struct kunit *test)
{
	struct device *dev = lv_device(test);
	unsigned int level = LV_5 + 1;

	KUNIT_EXPECT_EQ(test, PTR_ERR(dev_pm_opp_find_level_ceil(dev, &level)),
			-ERANGE);
}

/* A floor level lookup rounds down and reports the level found. */
static void conf_level_floor_rounds_down(struct kunit *test)
{
	struct device *dev = lv_device(test);
	unsigned int level = LV_5 - 1;

	lk_expect(test, dev_pm_opp_find_level_floor(dev, &level), LK_F2);
	KUNIT_EXPECT_EQ(test, level, LV_3);
}
#endif

static struct kunit_case conf_level_cases[] = {
	KUNIT_CASE(conf_level_added_opp_has_level_zero),
#ifndef OPP_TEST_API_6_1
	KUNIT_CASE(conf_level_exact_finds_level),
	KUNIT_CASE(conf_level_ceil_rounds_up),
	KUNIT_CASE(conf_level_ceil_above_max_is_erange),
	KUNIT_CASE(conf_level_floor_rounds_down),
#endif
	{}
};

static struct kunit_suite conf_level_suite = {
	.name = "opp_conf_level",
	.test_cases = conf_level_cases,
};

kunit_test_suites(&conf_lookup_suite, &conf_level_suite);
