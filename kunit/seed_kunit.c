// SPDX-License-Identifier: GPL-2.0-only
/*
 * KUnit suite opp_seed: the platform code of the original OPP article,
 * verbatim, on the binding tutorial's table, with a fake clock and a
 * recording regulator.
 */

#include <kunit/test.h>
#include <linux/pm_opp.h>

#include "of_kunit.h"
#include "opp_kunit_dvfs.h"

static int opp_seed_init(struct kunit *test)
{
	return of_overlay_apply_kunit(test, opp_of_kunit);
}

/*
 * The article's sequence: name the regulator, load the table, set rates,
 * release the regulator. The names array is written as the article writes
 * it (minus its '&'), to prove that form compiles against this header.
 */
/**
 * struct opp_seed_hold - what the example holds until its release
 * @dev: the device
 * @opp_table: what dev_pm_opp_set_regulators() returned
 */
struct opp_seed_hold {
	struct device *dev;
	struct opp_table *opp_table;
};

static void opp_seed_release(void *data)
{
	struct opp_seed_hold *hold = data;

	dev_pm_opp_remove_table(hold->dev);
	dev_pm_opp_put_regulators(hold->opp_table);
}

static void opp_seed_article_example_runs(struct kunit *test)
{
	struct opp_kunit_dvfs *fix = opp_kunit_dvfs(test, "opp-kunit,seed-0",
						    true, SEED_F1, 1);
	struct device *dev = fix->dev;
	struct opp_table *opp_table;
	const char *name[] = {"vdd"};
	struct opp_seed_hold *hold = kunit_kzalloc(test, sizeof(*hold),
						   GFP_KERNEL);
	int ret;

	KUNIT_ASSERT_NOT_NULL(test, hold);

	opp_table = dev_pm_opp_set_regulators(dev, name, ARRAY_SIZE(name));
	if (IS_ERR(opp_table))
		KUNIT_FAIL_AND_ABORT(test, "set_regulators: %ld",
				     PTR_ERR(opp_table));
	/* Released by the test if it aborts before the article's release. */
	hold->dev = dev;
	hold->opp_table = opp_table;
	ret = kunit_add_action_or_reset(test, opp_seed_release, hold);
	KUNIT_ASSERT_EQ(test, ret, 0);

	KUNIT_ASSERT_EQ(test, dev_pm_opp_of_add_table(dev), 0);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_set_rate(dev, SEED_F3), 0);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_set_rate(dev, SEED_F2), 0);

	/* Up: voltage, enable, rate. Down: rate, then the lower voltage. */
	KUNIT_EXPECT_EQ(test, fix->log.nr, 5);
	KUNIT_EXPECT_EQ(test, fix->log.ev[0].kind, FAKE_EV_VOLT);
	KUNIT_EXPECT_EQ(test, fix->log.ev[0].value, SEED_V3);
	KUNIT_EXPECT_EQ(test, fix->log.ev[1].kind, FAKE_EV_ON);
	KUNIT_EXPECT_EQ(test, fix->log.ev[2].value, SEED_F3);
	KUNIT_EXPECT_EQ(test, fix->log.ev[3].value, SEED_F2);
	KUNIT_EXPECT_EQ(test, fix->log.ev[4].kind, FAKE_EV_VOLT);
	KUNIT_EXPECT_EQ(test, fix->log.ev[4].value, SEED_V2);

	kunit_remove_action(test, opp_seed_release, hold);
	dev_pm_opp_of_remove_table(dev);
	dev_pm_opp_put_regulators(opp_table);
	KUNIT_EXPECT_FALSE(test, fix->regs[0]->on);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_opp_count(dev), -ENODEV);
}

static struct kunit_case opp_seed_cases[] = {
	KUNIT_CASE(opp_seed_article_example_runs),
	{}
};

static struct kunit_suite opp_seed_suite = {
	.name = "opp_seed",
	.init = opp_seed_init,
	.test_cases = opp_seed_cases,
};

kunit_test_suite(opp_seed_suite);
