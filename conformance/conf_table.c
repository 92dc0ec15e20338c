// SPDX-License-Identifier: GPL-2.0-only
/*
 * opp_conf_dynamic: adding, removing, enabling, disabling and adjusting
 * OPPs at run time, with their return codes and what they print.
 * opp_conf_notify: the notifications those changes send, in order.
 */

#include <kunit/test.h>
#include <linux/device.h>
#include <linux/err.h>
#include <linux/pm_opp.h>

#include "conf.h"

#define DY_NAME		"conf-dy"
#define DY_F1		100000000UL
#define DY_F2		200000000UL
#define DY_F3		300000000UL
#define DY_U1		900000UL
#define DY_U2		1000000UL
#define DY_U3		1100000UL
#define DY_ABSENT	150000000UL

static struct device *dy_device(struct kunit *test)
{
	struct device *dev = conf_device(test, DY_NAME);

	conf_add(test, dev, DY_F1, DY_U1);
	conf_add(test, dev, DY_F2, DY_U2);
	conf_add(test, dev, DY_F3, DY_U3);
	return dev;
}

/* The same rate and voltage again is accepted and changes nothing. */
static void conf_dynamic_same_opp_again_is_zero(struct kunit *test)
{
	struct device *dev = dy_device(test);

	KUNIT_EXPECT_EQ(test, dev_pm_opp_add(dev, DY_F2, DY_U2), 0);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_opp_count(dev), 3);
}

/* The same rate with another voltage is -EEXIST. */
static void conf_dynamic_same_rate_other_voltage_is_eexist(struct kunit *test)
{
	struct device *dev = dy_device(test);

	KUNIT_EXPECT_EQ(test, dev_pm_opp_add(dev, DY_F2, DY_U3), -EEXIST);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_voltage(conf_exact(test, dev, DY_F2,
								true)),
			DY_U2);
}

/* Re-adding a disabled OPP, even identical, is -EEXIST. */
static void conf_dynamic_same_opp_over_disabled_is_eexist(struct kunit *test)
{
	struct device *dev = dy_device(test);

	KUNIT_ASSERT_EQ(test, dev_pm_opp_disable(dev, DY_F2), 0);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_add(dev, DY_F2, DY_U2), -EEXIST);
}

/* dev_pm_opp_remove() takes the OPP out of lookups and counts. */
static void conf_dynamic_remove_takes_opp_out(struct kunit *test)
{
	struct device *dev = dy_device(test);

	dev_pm_opp_remove(dev, DY_F2);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_opp_count(dev), 2);
	KUNIT_EXPECT_EQ(test, PTR_ERR(dev_pm_opp_find_freq_exact(dev, DY_F2,
								 true)),
			-ERANGE);
}

/*
 * An OPP removed while a caller holds it stays in lookups and counts, and
 * its removal is announced, until the caller puts it.
 */
static void conf_dynamic_held_opp_stays_until_put(struct kunit *test)
{
	struct device *dev = dy_device(test);
	struct conf_notes *notes = conf_notes(test, dev);
	struct dev_pm_opp *held, *again;

	held = dev_pm_opp_find_freq_exact(dev, DY_F2, true);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, held);
	dev_pm_opp_remove(dev, DY_F2);
	KUNIT_EXPECT_EQ(test, notes->nr, 0);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_opp_count(dev), 3);
	again = dev_pm_opp_find_freq_exact(dev, DY_F2, true);
	KUNIT_EXPECT_PTR_EQ(test, again, held);
	if (!IS_ERR(again))
		dev_pm_opp_put(again);

	dev_pm_opp_put(held);
	KUNIT_ASSERT_EQ(test, notes->nr, 1);
	KUNIT_EXPECT_EQ(test, notes->event[0], OPP_EVENT_REMOVE);
	KUNIT_EXPECT_EQ(test, notes->freq[0], DY_F2);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_opp_count(dev), 2);
}

/* Removing the last added OPP removes the table. */
static void conf_dynamic_remove_last_drops_table(struct kunit *test)
{
	struct device *dev = conf_device(test, DY_NAME);

	conf_add(test, dev, DY_F1, DY_U1);
	dev_pm_opp_remove(dev, DY_F1);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_opp_count(dev), -ENODEV);
}

/* Removing a rate the table lacks warns once and changes nothing. */
static void conf_dynamic_remove_absent_rate_warns(struct kunit *test)
{
	struct device *dev = dy_device(test);
	struct fake_console *con = conf_console(test, dev);

	dev_pm_opp_remove(dev, DY_ABSENT);
	KUNIT_EXPECT_EQ(test, fake_console_count(con), 1);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_opp_count(dev), 3);
}

/* dev_pm_opp_remove_all_dynamic() empties an added table away. */
static void conf_dynamic_remove_all_drops_table(struct kunit *test)
{
	struct device *dev = dy_device(test);

	dev_pm_opp_remove_all_dynamic(dev);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_opp_count(dev), -ENODEV);
}

/* dev_pm_opp_remove_table() leaves added OPPs alone. */
static void conf_dynamic_remove_table_keeps_added(struct kunit *test)
{
	struct device *dev = dy_device(test);

	dev_pm_opp_remove_table(dev);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_opp_count(dev), 3);
}

/*
 * Removing the table of no device is a caller's bug and WARNs; a device
 * without a table is not, and is quiet.
 */
static void conf_remove_table_of_no_device_warns(struct kunit *test)
{
	struct device *dev = conf_device(test, "conf-no-table");
	struct fake_console *con = conf_console(test, NULL);

	dev_pm_opp_remove_table(dev);
	KUNIT_EXPECT_EQ(test, fake_console_count(con), 0);
	CONF_EXPECT_WARN(test, "dev_pm_opp_remove_table");
	dev_pm_opp_remove_table(NULL);
	KUNIT_ASSERT_EQ(test, fake_console_count_level(con, FAKE_CON_SPLAT), 1);
	KUNIT_EXPECT_STREQ(test, fake_console_splat(con, 0),
			   "dev_pm_opp_remove_table");
}

/* Enabling an absent rate is -ENODEV, and nothing is printed. */
static void conf_dynamic_enable_absent_rate_is_silent(struct kunit *test)
{
	struct device *dev = dy_device(test);
	struct fake_console *con = conf_console(test, dev);

	KUNIT_EXPECT_EQ(test, dev_pm_opp_enable(dev, DY_ABSENT), -ENODEV);
	KUNIT_EXPECT_EQ(test, fake_console_count(con), 0);
}

/* Disabling an absent rate is -ENODEV, and nothing is printed. */
static void conf_dynamic_disable_absent_rate_is_silent(struct kunit *test)
{
	struct device *dev = dy_device(test);
	struct fake_console *con = conf_console(test, dev);

	KUNIT_EXPECT_EQ(test, dev_pm_opp_disable(dev, DY_ABSENT), -ENODEV);
	KUNIT_EXPECT_EQ(test, fake_console_count(con), 0);
}

/* Adjusting an absent rate is -ENODEV, and nothing is printed. */
static void conf_dynamic_adjust_absent_rate_is_silent(struct kunit *test)
{
	struct device *dev = dy_device(test);
	struct fake_console *con = conf_console(test, dev);

	KUNIT_EXPECT_EQ(test, dev_pm_opp_adjust_voltage(dev, DY_ABSENT, DY_U2,
							DY_U1, DY_U3),
			-ENODEV);
	KUNIT_EXPECT_EQ(test, fake_console_count(con), 0);
}

/* Enabling on a device without a table is -ENODEV. */
static void conf_dynamic_enable_without_table_is_enodev(struct kunit *test)
{
	struct device *dev = conf_device(test, DY_NAME);

	KUNIT_EXPECT_EQ(test, dev_pm_opp_enable(dev, DY_F1), -ENODEV);
}

/* Adjusting sets the target, minimum and maximum voltages. */
static void conf_dynamic_adjust_sets_all_three(struct kunit *test)
{
	struct device *dev = dy_device(test);
	struct dev_pm_opp_supply supply;

	KUNIT_ASSERT_EQ(test, dev_pm_opp_adjust_voltage(dev, DY_F2, DY_U3,
							DY_U2, DY_U3 + 50000),
			0);
	KUNIT_ASSERT_EQ(test, dev_pm_opp_get_supplies(conf_exact(test, dev, DY_F2,
								 true),
						      &supply),
			0);
	KUNIT_EXPECT_EQ(test, supply.u_volt, DY_U3);
	KUNIT_EXPECT_EQ(test, supply.u_volt_min, DY_U2);
	KUNIT_EXPECT_EQ(test, supply.u_volt_max, DY_U3 + 50000);
}

/* Disabling twice is fine, and enabling brings the OPP back. */
static void conf_dynamic_disable_twice_then_enable(struct kunit *test)
{
	struct device *dev = dy_device(test);

	KUNIT_EXPECT_EQ(test, dev_pm_opp_disable(dev, DY_F2), 0);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_disable(dev, DY_F2), 0);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_enable(dev, DY_F2), 0);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_opp_count(dev), 3);
}

static const char * const dy_supplies[] = { "vdd", NULL };

/* An OPP its regulator cannot supply is added, but unavailable. */
static void conf_dynamic_voltage_beyond_regulator_is_unavailable(struct kunit *test)
{
	struct dev_pm_opp_config config = { .regulator_names = dy_supplies };
	struct device *dev;

	fake_reg(test, NULL, DY_NAME, "vdd", 0, 0);
	dev = conf_device(test, DY_NAME);
	KUNIT_ASSERT_GT(test, conf_set_config(test, dev, &config), 0);
	conf_add(test, dev, DY_F1, DY_U1);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_add(dev, DY_F2, FAKE_REG_MAX_UV + 5000),
			0);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_opp_count(dev), 1);
	conf_exact(test, dev, DY_F2, false);
}

static struct kunit_case conf_dynamic_cases[] = {
	KUNIT_CASE(conf_dynamic_same_opp_again_is_zero),
	KUNIT_CASE(conf_dynamic_same_rate_other_voltage_is_eexist),
	KUNIT_CASE(conf_dynamic_same_opp_over_disabled_is_eexist),
	KUNIT_CASE(conf_dynamic_remove_takes_opp_out),
	KUNIT_CASE(conf_dynamic_held_opp_stays_until_put),
	KUNIT_CASE(conf_dynamic_remove_last_drops_table),
	KUNIT_CASE(conf_dynamic_remove_absent_rate_warns),
	KUNIT_CASE(conf_dynamic_remove_all_drops_table),
	KUNIT_CASE(conf_dynamic_remove_table_keeps_added),
	KUNIT_CASE(conf_remove_table_of_no_device_warns),
	KUNIT_CASE(conf_dynamic_enable_absent_rate_is_silent),
	KUNIT_CASE(conf_dynamic_disable_absent_rate_is_silent),
	KUNIT_CASE(conf_dynamic_adjust_absent_rate_is_silent),
	KUNIT_CASE(conf_dynamic_enable_without_table_is_enodev),
	KUNIT_CASE(conf_dynamic_adjust_sets_all_three),
	KUNIT_CASE(conf_dynamic_disable_twice_then_enable),
	KUNIT_CASE(conf_dynamic_voltage_beyond_regulator_is_unavailable),
	{}
};

static struct kunit_suite conf_dynamic_suite = {
	.name = "opp_conf_dynamic",
	.test_cases = conf_dynamic_cases,
};

/* An OPP added after the notifier is announced with its rate and voltage. */
static void conf_notify_add(struct kunit *test)
{
	struct device *dev = conf_device(test, DY_NAME);
	struct conf_notes *notes;

	conf_add(test, dev, DY_F1, DY_U1);
	notes = conf_notes(test, dev);
	conf_add(test, dev, DY_F2, DY_U2);
	KUNIT_ASSERT_EQ(test, notes->nr, 1);
	KUNIT_EXPECT_EQ(test, notes->event[0], OPP_EVENT_ADD);
	KUNIT_EXPECT_EQ(test, notes->freq[0], DY_F2);
	KUNIT_EXPECT_EQ(test, notes->u_volt[0], DY_U2);
}

/* An identical OPP added again is not announced. */
static void conf_notify_duplicate_add_is_quiet(struct kunit *test)
{
	struct device *dev = dy_device(test);
	struct conf_notes *notes = conf_notes(test, dev);

	KUNIT_ASSERT_EQ(test, dev_pm_opp_add(dev, DY_F2, DY_U2), 0);
	KUNIT_EXPECT_EQ(test, notes->nr, 0);
}

/* A removed OPP is announced, still readable in the notifier. */
static void conf_notify_remove(struct kunit *test)
{
	struct device *dev = dy_device(test);
	struct conf_notes *notes = conf_notes(test, dev);

	dev_pm_opp_remove(dev, DY_F2);
	KUNIT_ASSERT_EQ(test, notes->nr, 1);
	KUNIT_EXPECT_EQ(test, notes->event[0], OPP_EVENT_REMOVE);
	KUNIT_EXPECT_EQ(test, notes->freq[0], DY_F2);
	KUNIT_EXPECT_EQ(test, notes->u_volt[0], DY_U2);
}

/* Disable then enable: two notifications, in that order. */
static void conf_notify_disable_then_enable(struct kunit *test)
{
	struct device *dev = dy_device(test);
	struct conf_notes *notes = conf_notes(test, dev);

	KUNIT_ASSERT_EQ(test, dev_pm_opp_disable(dev, DY_F3), 0);
	KUNIT_ASSERT_EQ(test, dev_pm_opp_enable(dev, DY_F3), 0);
	KUNIT_ASSERT_EQ(test, notes->nr, 2);
	KUNIT_EXPECT_EQ(test, notes->event[0], OPP_EVENT_DISABLE);
	KUNIT_EXPECT_EQ(test, notes->freq[0], DY_F3);
	KUNIT_EXPECT_EQ(test, notes->event[1], OPP_EVENT_ENABLE);
	KUNIT_EXPECT_EQ(test, notes->freq[1], DY_F3);
}

/* Disabling a disabled OPP (or enabling an enabled one) says nothing. */
static void conf_notify_no_change_is_quiet(struct kunit *test)
{
	struct device *dev = dy_device(test);
	struct conf_notes *notes;

	KUNIT_ASSERT_EQ(test, dev_pm_opp_disable(dev, DY_F3), 0);
	notes = conf_notes(test, dev);
	KUNIT_ASSERT_EQ(test, dev_pm_opp_disable(dev, DY_F3), 0);
	KUNIT_ASSERT_EQ(test, dev_pm_opp_enable(dev, DY_F1), 0);
	KUNIT_EXPECT_EQ(test, notes->nr, 0);
}

/* An adjusted voltage is announced, with the new voltage visible. */
static void conf_notify_adjust_voltage(struct kunit *test)
{
	struct device *dev = dy_device(test);
	struct conf_notes *notes = conf_notes(test, dev);

	KUNIT_ASSERT_EQ(test, dev_pm_opp_adjust_voltage(dev, DY_F2, DY_U3,
							DY_U2, DY_U3),
			0);
	KUNIT_ASSERT_EQ(test, notes->nr, 1);
	KUNIT_EXPECT_EQ(test, notes->event[0], OPP_EVENT_ADJUST_VOLTAGE);
	KUNIT_EXPECT_EQ(test, notes->freq[0], DY_F2);
	KUNIT_EXPECT_EQ(test, notes->u_volt[0], DY_U3);
}

/* Removing all added OPPs announces each, from the slowest up. */
static void conf_notify_remove_all_in_order(struct kunit *test)
{
	struct device *dev = dy_device(test);
	struct conf_notes *notes = conf_notes(test, dev);

	dev_pm_opp_remove_all_dynamic(dev);
	KUNIT_ASSERT_EQ(test, notes->nr, 3);
	KUNIT_EXPECT_EQ(test, notes->event[0], OPP_EVENT_REMOVE);
	KUNIT_EXPECT_EQ(test, notes->freq[0], DY_F1);
	KUNIT_EXPECT_EQ(test, notes->freq[1], DY_F2);
	KUNIT_EXPECT_EQ(test, notes->freq[2], DY_F3);
}

/* Disabled OPPs are removed in their place among the others. */
static void conf_notify_remove_all_interleaves_disabled(struct kunit *test)
{
	struct device *dev = dy_device(test);
	struct conf_notes *notes;

	KUNIT_ASSERT_EQ(test, dev_pm_opp_disable(dev, DY_F2), 0);
	notes = conf_notes(test, dev);
	dev_pm_opp_remove_all_dynamic(dev);
	KUNIT_ASSERT_EQ(test, notes->nr, 3);
	KUNIT_EXPECT_EQ(test, notes->freq[0], DY_F1);
	KUNIT_EXPECT_EQ(test, notes->freq[1], DY_F2);
	KUNIT_EXPECT_EQ(test, notes->freq[2], DY_F3);
}

/* Without a table there is nothing to register a notifier on. */
static void conf_notify_without_table_is_enodev(struct kunit *test)
{
	struct device *dev = conf_device(test, DY_NAME);
	struct notifier_block nb = {};

	KUNIT_EXPECT_EQ(test, dev_pm_opp_register_notifier(dev, &nb), -ENODEV);
}

static struct kunit_case conf_notify_cases[] = {
	KUNIT_CASE(conf_notify_add),
	KUNIT_CASE(conf_notify_duplicate_add_is_quiet),
	KUNIT_CASE(conf_notify_remove),
	KUNIT_CASE(conf_notify_disable_then_enable),
	KUNIT_CASE(conf_notify_no_change_is_quiet),
	KUNIT_CASE(conf_notify_adjust_voltage),
	KUNIT_CASE(conf_notify_remove_all_in_order),
	KUNIT_CASE(conf_notify_remove_all_interleaves_disabled),
	KUNIT_CASE(conf_notify_without_table_is_enodev),
	{}
};

static struct kunit_suite conf_notify_suite = {
	.name = "opp_conf_notify",
	.test_cases = conf_notify_cases,
};

kunit_test_suites(&conf_dynamic_suite, &conf_notify_suite);
