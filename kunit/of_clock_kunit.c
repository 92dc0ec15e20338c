// SPDX-License-Identifier: GPL-2.0-only
/*
 * KUnit suite opp_of_clock: devices sharing a device tree table share its
 * clock. Uses the shared table of opp_of_bad_kunit.dtso and the fake clocks
 * of opp_kunit_dvfs.c.
 */

#include <kunit/test.h>
#include <linux/device.h>
#include <linux/pm_opp.h>

#include "dvfs_kunit.h"
#include "opp_kunit_dvfs.h"
#include "opp_kunit_helpers.h"

OPP_KUNIT_SUITE_OVERLAY(opp_of_clock, opp_of_bad_kunit);

/*
 * A device whose clock is not the clock of the shared table it points at
 * joins without a message, and its transitions move the table's clock (the
 * first device's), as in Linux: Exynos bus devfreq DTs point buses on
 * different clocks at one table on purpose. So does a device without a
 * clock.
 */
static void opp_of_clock_shared_table_mismatch(struct kunit *test)
{
	struct opp_kunit_dvfs *fix0 = opp_kunit_dvfs(test, "opp-kunit,shclk-0",
						     true, DVFS_F1, 0);
	struct opp_kunit_dvfs *fix1 = opp_kunit_dvfs(test, "opp-kunit,shclk-1",
						     true, DVFS_F1, 0);
	struct device *dev2 = opp_kunit_of_device(test, "opp-kunit,shclk-2");
	struct fake_console *warnings =
		fake_console(test, fix1->dev, LOGLEVEL_WARNING);
	struct fake_console *quiet =
		fake_console(test, dev2, LOGLEVEL_WARNING);
	struct opp_table *t0, *t1, *t2;

	KUNIT_ASSERT_EQ(test, dev_pm_opp_of_add_table(fix0->dev), 0);

	fake_console_reset(warnings);
	KUNIT_ASSERT_EQ(test, dev_pm_opp_of_add_table(fix1->dev), 0);
	KUNIT_EXPECT_EQ(test, fake_console_count(warnings), 0);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_opp_count(fix1->dev), 2);

	/* Both start at F1; only the table's clock may move. */
	KUNIT_EXPECT_EQ(test, dev_pm_opp_set_rate(fix1->dev, DVFS_F3), 0);
	KUNIT_EXPECT_EQ(test, fix0->clk->rate, DVFS_F3);
	KUNIT_EXPECT_EQ(test, fix1->clk->rate, DVFS_F1);
	KUNIT_EXPECT_EQ(test, fix1->log.nr, 0);

	fake_console_reset(quiet);
	KUNIT_ASSERT_EQ(test, dev_pm_opp_of_add_table(dev2), 0);
	KUNIT_EXPECT_EQ(test, fake_console_count(quiet), 0);

	t0 = dev_pm_opp_get_opp_table(fix0->dev);
	t1 = dev_pm_opp_get_opp_table(fix1->dev);
	t2 = dev_pm_opp_get_opp_table(dev2);
	KUNIT_EXPECT_PTR_EQ(test, t0, t1);
	KUNIT_EXPECT_PTR_EQ(test, t0, t2);
	dev_pm_opp_put_opp_table(t0);
	dev_pm_opp_put_opp_table(t1);
	dev_pm_opp_put_opp_table(t2);
}

static struct kunit_case opp_of_clock_cases[] = {
	KUNIT_CASE(opp_of_clock_shared_table_mismatch),
	{}
};

static struct kunit_suite opp_of_clock_suite = {
	.name = "opp_of_clock",
	.suite_init = opp_of_clock_suite_init,
	.suite_exit = opp_of_clock_suite_exit,
	.test_cases = opp_of_clock_cases,
};

kunit_test_suite(opp_of_clock_suite);
