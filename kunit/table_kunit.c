// SPDX-License-Identifier: GPL-2.0-only
/*
 * KUnit suite opp_table: tables, lookups, reference counting and notifiers.
 *
 * Every case builds its own device and OPPs; expected values are the
 * constants below, never something the core computed.
 */

#include <kunit/test.h>
#include <linux/device.h>
#include <linux/err.h>
#include <linux/pm_opp.h>
#include <linux/preempt.h>
#include <linux/irqflags.h>

#include "../opp.h"
#include "opp_kunit_helpers.h"

#define F1	100000000UL	/* 100 MHz */
#define F2	200000000UL
#define F3	300000000UL
#define V1	900000UL	/* 0.9 V */
#define V2	1000000UL
#define V3	1100000UL

/* A device with three OPPs, added out of order. */
static struct device *three_opps(struct kunit *test)
{
	struct device *dev = opp_kunit_device(test, "opp-three");

	opp_kunit_add(test, dev, F2, V2);
	opp_kunit_add(test, dev, F3, V3);
	opp_kunit_add(test, dev, F1, V1);
	return dev;
}

/* @find from @from must give the OPP at @want, and update the key to it. */
static void expect_found(struct kunit *test, struct device *dev,
			 struct dev_pm_opp *(*find)(struct device *dev,
						    unsigned long *freq),
			 unsigned long from, unsigned long want)
{
	unsigned long freq = from;
	struct dev_pm_opp *opp = find(dev, &freq);

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, opp);
	KUNIT_EXPECT_EQ(test, freq, want);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_freq(opp), want);
	dev_pm_opp_put(opp);
}

static void expect_ceil(struct kunit *test, struct device *dev,
			unsigned long from, unsigned long want)
{
	expect_found(test, dev, dev_pm_opp_find_freq_ceil, from, want);
}

static void expect_floor(struct kunit *test, struct device *dev,
			 unsigned long from, unsigned long want)
{
	expect_found(test, dev, dev_pm_opp_find_freq_floor, from, want);
}

/* The count is the number of OPPs added. */
static void opp_table_count_counts_added_opps(struct kunit *test)
{
	struct device *dev = three_opps(test);

	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_opp_count(dev), 3);
}

/* Walking up with ceil visits the OPPs in ascending order. */
static void opp_table_ceil_walk_is_ascending(struct kunit *test)
{
	static const unsigned long want[] = { F1, F2, F3 };
	struct device *dev = three_opps(test);
	unsigned long freq = 0;
	struct dev_pm_opp *opp;
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(want); i++, freq++) {
		opp = dev_pm_opp_find_freq_ceil(dev, &freq);
		KUNIT_ASSERT_NOT_ERR_OR_NULL(test, opp);
		KUNIT_EXPECT_EQ(test, freq, want[i]);
		KUNIT_EXPECT_EQ(test, dev_pm_opp_get_voltage(opp), V1 + i * 100000);
		dev_pm_opp_put(opp);
	}

	opp = dev_pm_opp_find_freq_ceil(dev, &freq);
	KUNIT_EXPECT_EQ(test, PTR_ERR(opp), -ERANGE);
}

/* Ceil rounds up, floor rounds down, exact hits match themselves. */
static void opp_table_ceil_floor_round_to_neighbours(struct kunit *test)
{
	struct device *dev = three_opps(test);

	expect_ceil(test, dev, F1 + 1, F2);
	expect_ceil(test, dev, F2, F2);
	expect_ceil(test, dev, 0, F1);
	expect_floor(test, dev, F2 - 1, F1);
	expect_floor(test, dev, F2, F2);
	expect_floor(test, dev, ULONG_MAX, F3);
}

/* Out of range lookups fail with -ERANGE and leave the key alone. */
static void opp_table_out_of_range_is_erange(struct kunit *test)
{
	struct device *dev = three_opps(test);
	unsigned long freq = F3 + 1;

	KUNIT_EXPECT_EQ(test, PTR_ERR(dev_pm_opp_find_freq_ceil(dev, &freq)),
			-ERANGE);
	KUNIT_EXPECT_EQ(test, freq, F3 + 1);
	freq = F1 - 1;
	KUNIT_EXPECT_EQ(test, PTR_ERR(dev_pm_opp_find_freq_floor(dev, &freq)),
			-ERANGE);
	KUNIT_EXPECT_EQ(test, freq, F1 - 1);
	KUNIT_EXPECT_EQ(test,
			PTR_ERR(dev_pm_opp_find_freq_exact(dev, F1 + 1, true)),
			-ERANGE);
}

/* A device without a table has no OPPs to count. */
static void opp_table_unknown_device_count_is_enodev(struct kunit *test)
{
	struct device *dev = opp_kunit_device(test, "opp-none");

	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_opp_count(dev), -ENODEV);
}

/* A device without a table finds no OPP by rate or by level. */
static void opp_table_unknown_device_lookups_are_enodev(struct kunit *test)
{
	struct device *dev = opp_kunit_device(test, "opp-none");
	unsigned long freq = F1;
	unsigned int level = 1;

	KUNIT_EXPECT_EQ(test, PTR_ERR(dev_pm_opp_find_freq_ceil(dev, &freq)),
			-ENODEV);
	KUNIT_EXPECT_EQ(test, PTR_ERR(dev_pm_opp_find_level_ceil(dev, &level)),
			-ENODEV);
}

/* A device without a table has no table to hand out. */
static void opp_table_unknown_device_get_table_is_enodev(struct kunit *test)
{
	struct device *dev = opp_kunit_device(test, "opp-none");

	KUNIT_EXPECT_EQ(test, PTR_ERR(dev_pm_opp_get_opp_table(dev)), -ENODEV);
}

/* A device without a table has no OPP to enable or adjust. */
static void opp_table_unknown_device_writers_are_enodev(struct kunit *test)
{
	struct device *dev = opp_kunit_device(test, "opp-none");

	KUNIT_EXPECT_EQ(test, dev_pm_opp_enable(dev, F1), -ENODEV);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_adjust_voltage(dev, F1, V1, V1, V1),
			-ENODEV);
}

/* A device without a table reports no latency and no suspend rate. */
static void opp_table_unknown_device_attributes_are_zero(struct kunit *test)
{
	struct device *dev = opp_kunit_device(test, "opp-none");

	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_max_clock_latency(dev), 0);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_suspend_opp_freq(dev), 0);
}

/* A NULL or error-pointer device is -EINVAL. */
static void opp_table_bad_device_is_einval(struct kunit *test)
{
	unsigned long freq = F1;

	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_opp_count(NULL), -EINVAL);
	KUNIT_EXPECT_EQ(test, PTR_ERR(dev_pm_opp_find_freq_ceil(NULL, &freq)),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_add(ERR_PTR(-EIO), F1, V1), -EINVAL);
}

/* Adding an identical OPP again is accepted and adds nothing. */
static void opp_table_identical_duplicate_is_accepted(struct kunit *test)
{
	struct device *dev = three_opps(test);
	struct fake_console *warnings = fake_console(test, dev, LOGLEVEL_WARNING);

	KUNIT_EXPECT_EQ(test, dev_pm_opp_add(dev, F2, V2), 0);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_opp_count(dev), 3);
	/* Accepted, but a driver adding an OPP twice is told so. */
	KUNIT_EXPECT_EQ(test, fake_console_count(warnings), 1);

	/* One removal must now empty the rate: no hidden second copy. */
	dev_pm_opp_remove(dev, F2);
	KUNIT_EXPECT_EQ(test, PTR_ERR(dev_pm_opp_find_freq_exact(dev, F2, true)),
			-ERANGE);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_opp_count(dev), 2);
}

/* A duplicate rate with another voltage, or of a disabled OPP, conflicts. */
static void opp_table_conflicting_duplicate_is_eexist(struct kunit *test)
{
	struct device *dev = three_opps(test);
	struct fake_console *warnings = fake_console(test, dev, LOGLEVEL_WARNING);

	KUNIT_EXPECT_EQ(test, dev_pm_opp_add(dev, F2, V3), -EEXIST);
	KUNIT_ASSERT_EQ(test, dev_pm_opp_disable(dev, F1), 0);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_add(dev, F1, V1), -EEXIST);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_opp_count(dev), 2);
	KUNIT_EXPECT_EQ(test, fake_console_count(warnings), 2);
}

/* Disabled OPPs are skipped by ceil/floor and found by exact(false). */
static void opp_table_disabled_opp_is_hidden(struct kunit *test)
{
	struct device *dev = three_opps(test);

	KUNIT_ASSERT_EQ(test, dev_pm_opp_disable(dev, F2), 0);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_opp_count(dev), 2);
	expect_ceil(test, dev, F1 + 1, F3);
	expect_floor(test, dev, F3 - 1, F1);
	KUNIT_EXPECT_EQ(test, PTR_ERR(dev_pm_opp_find_freq_exact(dev, F2, true)),
			-ERANGE);
	opp_kunit_find_exact(test, dev, F2, false);
	KUNIT_EXPECT_EQ(test,
			PTR_ERR(dev_pm_opp_find_freq_exact(dev, F1, false)),
			-ERANGE);
}

/* Enable undoes disable; both are idempotent; unknown rates are -ENODEV. */
static void opp_table_enable_disable_round_trip(struct kunit *test)
{
	struct device *dev = three_opps(test);

	KUNIT_EXPECT_EQ(test, dev_pm_opp_disable(dev, F3), 0);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_disable(dev, F3), 0);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_opp_count(dev), 2);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_enable(dev, F3), 0);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_enable(dev, F3), 0);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_opp_count(dev), 3);
	expect_floor(test, dev, ULONG_MAX, F3);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_disable(dev, F1 + 1), -ENODEV);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_enable(dev, F1 + 1), -ENODEV);
}

/* A disabled OPP answers get_level and is_turbo with their error values. */
static void opp_table_disabled_opp_getters_refuse(struct kunit *test)
{
	struct dev_pm_opp_data data = {
		.freq = F1, .u_volt = V1, .level = 4, .turbo = true,
	};
	struct device *dev = opp_kunit_device(test, "opp-getters");
	struct dev_pm_opp *opp;

	KUNIT_ASSERT_EQ(test, dev_pm_opp_add_dynamic(dev, &data), 0);
	opp = opp_kunit_find_exact(test, dev, F1, true);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_level(opp), 4);
	KUNIT_EXPECT_TRUE(test, dev_pm_opp_is_turbo(opp));

	KUNIT_ASSERT_EQ(test, dev_pm_opp_disable(dev, F1), 0);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_level(opp), OPP_LEVEL_UNSET);
	KUNIT_EXPECT_FALSE(test, dev_pm_opp_is_turbo(opp));
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_freq(opp), F1);
}

/* Getters given a NULL OPP answer their documented neutral values. */
static void opp_table_getters_of_null_opp_are_neutral(struct kunit *test)
{
	struct dev_pm_opp_supply supply;

	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_voltage(NULL), 0);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_level(NULL), OPP_LEVEL_UNSET);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_power(NULL), 0);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_supplies(NULL, &supply), -EINVAL);
	KUNIT_EXPECT_FALSE(test, dev_pm_opp_is_turbo(NULL));
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_required_pstate(NULL, 0), 0);
}

/* A getter given an error pointer for an OPP answers 0. */
static void opp_table_getter_of_error_opp_is_zero(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_freq(ERR_PTR(-ERANGE)), 0);
}

/*
 * Putting a NULL or error-pointer OPP does nothing: the case passes unless
 * the put dereferences it (KASAN and the oops checks see that).
 */
static void opp_table_put_of_bad_opp_is_noop(struct kunit *test)
{
	struct device *dev = three_opps(test);

	dev_pm_opp_put(NULL);
	dev_pm_opp_put(ERR_PTR(-ENODEV));
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_opp_count(dev), 3);
}

/*
 * An OPP removed while a caller holds it lingers: lookups find it and the
 * count includes it until the caller lets go, which unlists it and tells
 * the notifiers then. It is not removed twice.
 */
static void opp_table_held_opp_lingers(struct kunit *test)
{
	struct device *dev = three_opps(test);
	struct opp_kunit_events *rec = opp_kunit_record_events(test, dev);
	struct dev_pm_opp *opp = dev_pm_opp_find_freq_exact(dev, F2, true);
	struct dev_pm_opp *again;

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, opp);
	dev_pm_opp_remove(dev, F2);
	KUNIT_EXPECT_EQ(test, rec->nr, 0);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_opp_count(dev), 3);
	again = dev_pm_opp_find_freq_exact(dev, F2, true);
	KUNIT_EXPECT_PTR_EQ(test, again, opp);
	if (!IS_ERR(again))
		dev_pm_opp_put(again);

	/* Removed once: a second removal finds nothing to remove. */
	dev_pm_opp_remove(dev, F2);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_opp_count(dev), 3);

	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_voltage(opp), V2);
	dev_pm_opp_put(opp);
	KUNIT_ASSERT_EQ(test, rec->nr, 1);
	KUNIT_EXPECT_EQ(test, rec->event[0], OPP_EVENT_REMOVE);
	KUNIT_EXPECT_EQ(test, rec->freq[0], F2);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_opp_count(dev), 2);
	KUNIT_EXPECT_EQ(test, PTR_ERR(dev_pm_opp_find_freq_exact(dev, F2, true)),
			-ERANGE);
}

/* An OPP a caller holds stays readable after its whole table died. */
static void opp_table_held_opp_survives_table(struct kunit *test)
{
	struct device *dev = three_opps(test);
	struct dev_pm_opp *opp = dev_pm_opp_find_freq_exact(dev, F3, true);

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, opp);
	dev_pm_opp_remove_all_dynamic(dev);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_opp_count(dev), -ENODEV);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_freq(opp), F3);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_voltage(opp), V3);
	dev_pm_opp_put(opp);
}

/* Removing the last dynamic OPP frees a table nobody else holds. */
static void opp_table_last_dynamic_removal_frees_table(struct kunit *test)
{
	struct device *dev = three_opps(test);

	dev_pm_opp_remove(dev, F1);
	dev_pm_opp_remove(dev, F2);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_opp_count(dev), 1);
	dev_pm_opp_remove(dev, F3);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_opp_count(dev), -ENODEV);
}

/* A table reference from get_opp_table keeps an emptied table alive. */
static void opp_table_reference_keeps_table(struct kunit *test)
{
	struct device *dev = three_opps(test);
	struct opp_table *table, *again;

	table = opp_kunit_hold_table(test, dev_pm_opp_get_opp_table(dev));
	dev_pm_opp_remove_all_dynamic(dev);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_opp_count(dev), 0);

	/* The same table is found again, then goes with the last put. */
	opp_kunit_add(test, dev, F1, V1);
	again = dev_pm_opp_get_opp_table(dev);
	KUNIT_EXPECT_PTR_EQ(test, again, table);
	if (!IS_ERR(again))
		dev_pm_opp_put_opp_table(again);
	opp_kunit_drop_table(test, table);
	dev_pm_opp_remove(dev, F1);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_opp_count(dev), -ENODEV);
}

/* Removing a rate the table does not have changes nothing. */
static void opp_table_remove_unknown_rate_is_harmless(struct kunit *test)
{
	struct device *dev = three_opps(test);

	dev_pm_opp_remove(dev, F1 + 1);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_opp_count(dev), 3);
}

/* adjust_voltage replaces target, min and max of the first supply. */
static void opp_table_adjust_voltage_updates_supply(struct kunit *test)
{
	struct device *dev = three_opps(test);
	struct dev_pm_opp_supply supply;
	struct dev_pm_opp *opp = opp_kunit_find_exact(test, dev, F2, true);

	KUNIT_ASSERT_EQ(test, dev_pm_opp_adjust_voltage(dev, F2, 950000, 940000,
							960000), 0);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_voltage(opp), 950000);
	KUNIT_ASSERT_EQ(test, dev_pm_opp_get_supplies(opp, &supply), 0);
	KUNIT_EXPECT_EQ(test, supply.u_volt_min, 940000);
	KUNIT_EXPECT_EQ(test, supply.u_volt_max, 960000);

	/* A second adjustment replaces the first one's storage. */
	KUNIT_ASSERT_EQ(test, dev_pm_opp_adjust_voltage(dev, F2, 970000, 960000,
							980000), 0);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_voltage(opp), 970000);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_adjust_voltage(dev, F2 + 1, V1, V1, V1),
			-ENODEV);
}

/* Notifiers see add, disable, enable, adjust and remove, in that order. */
static void opp_table_notifier_sees_events_in_order(struct kunit *test)
{
	static const unsigned long want_event[] = {
		OPP_EVENT_ADD, OPP_EVENT_DISABLE, OPP_EVENT_ENABLE,
		OPP_EVENT_ADJUST_VOLTAGE, OPP_EVENT_REMOVE,
	};
	static const unsigned long want_volt[] = { V2, V2, V2, V3, V3 };
	struct device *dev = opp_kunit_device(test, "opp-notify");
	struct opp_kunit_events *rec;
	unsigned int i;

	opp_kunit_add(test, dev, F1, V1);
	rec = opp_kunit_record_events(test, dev);

	opp_kunit_add(test, dev, F2, V2);
	KUNIT_ASSERT_EQ(test, dev_pm_opp_disable(dev, F2), 0);
	KUNIT_ASSERT_EQ(test, dev_pm_opp_disable(dev, F2), 0);
	KUNIT_ASSERT_EQ(test, dev_pm_opp_enable(dev, F2), 0);
	KUNIT_ASSERT_EQ(test, dev_pm_opp_adjust_voltage(dev, F2, V3, V3, V3), 0);
	KUNIT_ASSERT_EQ(test, dev_pm_opp_adjust_voltage(dev, F2, V3, V1, V3), 0);
	KUNIT_ASSERT_EQ(test, dev_pm_opp_add(dev, F1, V1), 0);
	dev_pm_opp_remove(dev, F2);

	KUNIT_ASSERT_EQ(test, rec->nr, ARRAY_SIZE(want_event));
	for (i = 0; i < ARRAY_SIZE(want_event); i++) {
		KUNIT_EXPECT_EQ(test, rec->event[i], want_event[i]);
		KUNIT_EXPECT_EQ(test, rec->freq[i], F2);
		KUNIT_EXPECT_EQ(test, rec->u_volt[i], want_volt[i]);
	}
}

/* Unregistering a notifier that was never registered fails. */
static void opp_table_unregister_unknown_notifier_fails(struct kunit *test)
{
	struct device *dev = three_opps(test);
	struct notifier_block nb = {};

	KUNIT_EXPECT_EQ(test, dev_pm_opp_unregister_notifier(dev, &nb), -ENOENT);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_register_notifier(NULL, &nb), -EINVAL);
}

/* Three dynamic OPPs at levels 10, 20 and 30, rates F1 to F3. */
static struct device *opp_table_levels(struct kunit *test)
{
	struct device *dev = opp_kunit_device(test, "opp-levels");
	struct dev_pm_opp_data data = { .u_volt = V1 };
	unsigned int i;

	for (i = 1; i <= 3; i++) {
		data.freq = i * F1;
		data.level = i * 10;
		KUNIT_ASSERT_EQ(test, dev_pm_opp_add_dynamic(dev, &data), 0);
	}
	return dev;
}

/* An exact level lookup finds that level only. */
static void opp_table_level_exact_lookup(struct kunit *test)
{
	struct device *dev = opp_table_levels(test);
	struct dev_pm_opp *opp;

	opp = opp_kunit_hold(test, dev_pm_opp_find_level_exact(dev, 20));
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_freq(opp), F2);
	KUNIT_EXPECT_EQ(test, PTR_ERR(dev_pm_opp_find_level_exact(dev, 21)),
			-ERANGE);
}

/* A ceil level lookup rounds up; above every level it is -ERANGE. */
static void opp_table_level_ceil_lookup(struct kunit *test)
{
	struct device *dev = opp_table_levels(test);
	unsigned int level = 11;

	opp_kunit_hold(test, dev_pm_opp_find_level_ceil(dev, &level));
	KUNIT_EXPECT_EQ(test, level, 20);

	level = 31;
	KUNIT_EXPECT_EQ(test, PTR_ERR(dev_pm_opp_find_level_ceil(dev, &level)),
			-ERANGE);
	KUNIT_EXPECT_EQ(test, level, 31);
}

/* A floor level lookup rounds down. */
static void opp_table_level_floor_lookup(struct kunit *test)
{
	struct device *dev = opp_table_levels(test);
	unsigned int level = 29;

	opp_kunit_hold(test, dev_pm_opp_find_level_floor(dev, &level));
	KUNIT_EXPECT_EQ(test, level, 20);
}

#ifndef OPP_TEST_API_6_1
/*
 * OPPs without a level compare as OPP_LEVEL_UNSET, the highest level: a
 * ceil search that reaches only them finds no level (-ENODEV), a floor
 * search from UINT_MAX (the way drivers ask for the highest level) the
 * last of them, and a floor search from any real level nothing.
 */
static void opp_table_level_lookups_without_levels(struct kunit *test)
{
	struct dev_pm_opp_data data = {
		.freq = F1, .u_volt = V1, .level = OPP_LEVEL_UNSET,
	};
	struct device *dev = opp_kunit_device(test, "opp-nolevel");
	struct dev_pm_opp *opp;
	unsigned int level = 1;

	KUNIT_ASSERT_EQ(test, dev_pm_opp_add_dynamic(dev, &data), 0);
	data.freq = F2;
	KUNIT_ASSERT_EQ(test, dev_pm_opp_add_dynamic(dev, &data), 0);

	KUNIT_EXPECT_EQ(test, PTR_ERR(dev_pm_opp_find_level_ceil(dev, &level)),
			-ENODEV);
	KUNIT_EXPECT_EQ(test, level, 1);

	level = UINT_MAX;
	opp = dev_pm_opp_find_level_floor(dev, &level);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, opp);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_freq(opp), F2);
	dev_pm_opp_put(opp);

	level = 1;
	KUNIT_EXPECT_EQ(test, PTR_ERR(dev_pm_opp_find_level_floor(dev, &level)),
			-ERANGE);
	KUNIT_EXPECT_EQ(test, level, 1);
}
#else
/*
 * 6.1: OPPs without a level are at level 0, as every OPP of 6.1 without
 * opp-level: above it a ceil search finds none, a floor search from any
 * level the last of them.
 */
static void opp_table_level_lookups_without_levels(struct kunit *test)
{
	struct device *dev = opp_kunit_device(test, "opp-nolevel");
	struct dev_pm_opp *opp;
	unsigned int level = 1;

	opp_kunit_add(test, dev, F1, V1);
	opp_kunit_add(test, dev, F2, V2);
	KUNIT_EXPECT_EQ(test, PTR_ERR(dev_pm_opp_find_level_ceil(dev, &level)),
			-ERANGE);
	KUNIT_EXPECT_EQ(test, level, 1);

	opp = dev_pm_opp_find_level_floor(dev, &level);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, opp);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_freq(opp), F2);
	KUNIT_EXPECT_EQ(test, level, 0);
	dev_pm_opp_put(opp);
}
#endif

/*
 * Levels that do not follow the rates are searched in table order, as a
 * walk of the table would: ceil takes the first OPP at or above the level,
 * floor stops at the first one above it.
 */
static void opp_table_unsorted_levels_follow_table_order(struct kunit *test)
{
	static const unsigned int levels[] = { 30, 10, 20 };
	struct device *dev = opp_kunit_device(test, "opp-unsorted");
	struct dev_pm_opp_data data = { .u_volt = V1 };
	struct dev_pm_opp *opp;
	unsigned int level, i;

	for (i = 0; i < ARRAY_SIZE(levels); i++) {
		data.freq = (i + 1) * F1;
		data.level = levels[i];
		KUNIT_ASSERT_EQ(test, dev_pm_opp_add_dynamic(dev, &data), 0);
	}

	level = 15;
	opp = dev_pm_opp_find_level_ceil(dev, &level);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, opp);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_freq(opp), F1);
	KUNIT_EXPECT_EQ(test, level, 30);
	dev_pm_opp_put(opp);

	level = 25;
	KUNIT_EXPECT_EQ(test, PTR_ERR(dev_pm_opp_find_level_floor(dev, &level)),
			-ERANGE);

	opp = dev_pm_opp_find_level_exact(dev, 20);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, opp);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_freq(opp), F3);
	dev_pm_opp_put(opp);
}

static const struct opp_kunit_desc bw_opps[] = {
	{ .rates = { F1 }, .peak = { 1000 }, .available = true },
	{ .rates = { F2 }, .peak = { 2000 }, .available = true },
	{ .rates = { F3 }, .peak = { 4000 }, .available = true },
};

/* Bandwidth lookups round to the neighbouring peak of the path. */
static void opp_table_bw_lookups(struct kunit *test)
{
	struct device *dev = opp_kunit_device(test, "opp-bw");
	struct dev_pm_opp *opp;
	unsigned int bw;

	opp_kunit_populate(test, dev, 1, 1, bw_opps, ARRAY_SIZE(bw_opps));

	bw = 1500;
	opp = dev_pm_opp_find_bw_ceil(dev, &bw, 0);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, opp);
	KUNIT_EXPECT_EQ(test, bw, 2000);
	dev_pm_opp_put(opp);

	bw = 3999;
	opp = dev_pm_opp_find_bw_floor(dev, &bw, 0);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, opp);
	KUNIT_EXPECT_EQ(test, bw, 2000);
	dev_pm_opp_put(opp);

	bw = 4001;
	KUNIT_EXPECT_EQ(test, PTR_ERR(dev_pm_opp_find_bw_ceil(dev, &bw, 0)),
			-ERANGE);
	KUNIT_EXPECT_EQ(test, PTR_ERR(dev_pm_opp_find_bw_ceil(dev, &bw, 1)),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, PTR_ERR(dev_pm_opp_find_bw_floor(dev, &bw, -1)),
			-EINVAL);
}

/* Tables without interconnect paths reject bandwidth lookups. */
static void opp_table_bw_without_paths_is_einval(struct kunit *test)
{
	struct device *dev = three_opps(test);
	unsigned int bw = 0;

	KUNIT_EXPECT_EQ(test, PTR_ERR(dev_pm_opp_find_bw_ceil(dev, &bw, 0)),
			-EINVAL);
}

static const struct opp_kunit_desc two_clk_opps[] = {
	{ .rates = { F1, F3 }, .available = true },
	{ .rates = { F2, F2 }, .available = true },
};

/* Two clocks, each OPP populated as in two_clk_opps. */
static struct device *opp_table_two_clocks(struct kunit *test)
{
	struct device *dev = opp_kunit_device(test, "opp-2clk");

	opp_kunit_populate(test, dev, 2, 0, two_clk_opps,
			   ARRAY_SIZE(two_clk_opps));
	return dev;
}

/* On a two-clock table the calls that name no clock WARN and are refused. */
static void opp_table_multi_clock_refuses_unindexed(struct kunit *test)
{
	struct device *dev = opp_table_two_clocks(test);
	unsigned long freq = F1;

	OPP_KUNIT_EXPECT_WARN(test, "opp_expect_one_clock");
	KUNIT_EXPECT_EQ(test, PTR_ERR(dev_pm_opp_find_freq_ceil(dev, &freq)),
			-EINVAL);
	OPP_KUNIT_EXPECT_WARN(test, "opp_expect_one_clock");
	KUNIT_EXPECT_EQ(test, dev_pm_opp_disable(dev, F1), -EINVAL);
	OPP_KUNIT_EXPECT_WARN(test, "opp_expect_one_clock");
	KUNIT_EXPECT_EQ(test, dev_pm_opp_add(dev, F3, V1), -EINVAL);
}

/*
 * Indexed lookups work on each clock; the second clock, which goes down
 * while the first goes up, is searched in table order. An index past the
 * clocks is refused, or reads 0.
 */
static void opp_table_multi_clock_indexed_lookups(struct kunit *test)
{
	struct device *dev = opp_table_two_clocks(test);
	unsigned long freq = F2 + 1;
	struct dev_pm_opp *opp;

	opp = dev_pm_opp_find_freq_ceil_indexed(dev, &freq, 1);
	opp_kunit_hold(test, opp);
	KUNIT_EXPECT_EQ(test, freq, F3);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_freq_indexed(opp, 0), F1);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_freq_indexed(opp, 2), 0);

	opp = dev_pm_opp_find_freq_exact_indexed(dev, F2, 1, true);
	opp_kunit_hold(test, opp);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_freq_indexed(opp, 0), F2);

	freq = F1;
	KUNIT_EXPECT_EQ(test,
			PTR_ERR(dev_pm_opp_find_freq_floor_indexed(dev, &freq, 2)),
			-EINVAL);
}

static const struct opp_kunit_desc firmware_opps[] = {
	{ .rates = { F1 }, .u_volt = V1, .u_watt = 100, .clock_latency_ns = 300,
	  .suspend = true, .available = true },
	{ .rates = { F2 }, .u_volt = V2, .u_watt = 200, .clock_latency_ns = 500,
	  .available = true },
	{ .rates = { F3 }, .u_volt = V3, .u_watt = 300, .turbo = true,
	  .available = false },
};

/* Firmware-style OPPs: the table built from firmware_opps. */
static struct device *opp_table_firmware(struct kunit *test)
{
	struct device *dev = opp_kunit_device(test, "opp-fw");

	opp_kunit_populate(test, dev, 1, 0, firmware_opps,
			   ARRAY_SIZE(firmware_opps));
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_opp_count(dev), 2);
	return dev;
}

/* The latencies are the largest of the available OPPs. */
static void opp_table_firmware_latencies(struct kunit *test)
{
	struct device *dev = opp_table_firmware(test);

	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_max_clock_latency(dev), 500);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_max_transition_latency(dev), 500);
}

/* The suspend OPP's rate is reported while it is available. */
static void opp_table_firmware_suspend_rate(struct kunit *test)
{
	struct device *dev = opp_table_firmware(test);

	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_suspend_opp_freq(dev), F1);
	KUNIT_ASSERT_EQ(test, dev_pm_opp_disable(dev, F1), 0);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_suspend_opp_freq(dev), 0);
}

/* An OPP's power is read as given. */
static void opp_table_firmware_power(struct kunit *test)
{
	struct device *dev = opp_table_firmware(test);
	struct dev_pm_opp *opp = opp_kunit_find_exact(test, dev, F2, true);

	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_power(opp), 200);
}

/* A turbo OPP, once enabled, reads as turbo. */
static void opp_table_firmware_turbo(struct kunit *test)
{
	struct device *dev = opp_table_firmware(test);
	struct dev_pm_opp *opp;

	KUNIT_ASSERT_EQ(test, dev_pm_opp_enable(dev, F3), 0);
	opp = opp_kunit_find_exact(test, dev, F3, true);
	KUNIT_EXPECT_TRUE(test, dev_pm_opp_is_turbo(opp));
}

/*
 * remove_table drops firmware OPPs and leaves the dynamic ones, whose
 * removal then frees the table.
 */
static void opp_table_remove_table_keeps_dynamic_opps(struct kunit *test)
{
	struct device *dev = opp_kunit_device(test, "opp-mixed");

	opp_kunit_populate(test, dev, 1, 0, firmware_opps, 2);
	opp_kunit_add(test, dev, F3, V3);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_opp_count(dev), 3);

	dev_pm_opp_remove_table(dev);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_opp_count(dev), 1);
	expect_floor(test, dev, ULONG_MAX, F3);

	/* A second call finds no firmware user and changes nothing. */
	dev_pm_opp_remove_table(dev);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_opp_count(dev), 1);

	dev_pm_opp_remove_all_dynamic(dev);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_opp_count(dev), -ENODEV);
}

/* remove_table of a firmware-only table frees it. */
static void opp_table_remove_table_frees_firmware_table(struct kunit *test)
{
	struct device *dev = opp_kunit_device(test, "opp-fwonly");

	opp_kunit_populate(test, dev, 1, 0, firmware_opps,
			   ARRAY_SIZE(firmware_opps));
	dev_pm_opp_remove_table(dev);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_opp_count(dev), -ENODEV);
}

/* Lookups and getters work with preemption and interrupts disabled. */
static void opp_table_lookups_in_atomic_context(struct kunit *test)
{
	struct device *dev = three_opps(test);
	unsigned long freq = F1 + 1, volt, flags;
	struct dev_pm_opp *opp;
	int count;

	local_irq_save(flags);
	count = dev_pm_opp_get_opp_count(dev);
	opp = dev_pm_opp_find_freq_ceil(dev, &freq);
	volt = IS_ERR(opp) ? 0 : dev_pm_opp_get_voltage(opp);
	dev_pm_opp_put(opp);
	local_irq_restore(flags);

	KUNIT_EXPECT_EQ(test, count, 3);
	KUNIT_EXPECT_EQ(test, freq, F2);
	KUNIT_EXPECT_EQ(test, volt, V2);

	preempt_disable();
	opp = dev_pm_opp_find_freq_floor(dev, &freq);
	if (!IS_ERR(opp))
		freq = dev_pm_opp_get_freq(opp);
	dev_pm_opp_put(opp);
	preempt_enable();
	KUNIT_EXPECT_EQ(test, freq, F2);
}

/*
 * A reference taken in atomic context may be the last one of a removed OPP:
 * its put does not sleep, and the table's work item unlists the OPP.
 */
static void opp_table_last_put_in_atomic_context(struct kunit *test)
{
	struct device *dev = three_opps(test);
	struct opp_kunit_events *rec = opp_kunit_record_events(test, dev);
	struct dev_pm_opp *opp = dev_pm_opp_find_freq_exact(dev, F1, true);
	struct opp_table *table;

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, opp);
	dev_pm_opp_remove(dev, F1);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_opp_count(dev), 3);

	preempt_disable();
	dev_pm_opp_put(opp);
	preempt_enable();

	table = dev_pm_opp_get_opp_table(dev);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, table);
	flush_work(&table->unlisting);
	dev_pm_opp_put_opp_table(table);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_opp_count(dev), 2);
	KUNIT_ASSERT_EQ(test, rec->nr, 1);
	KUNIT_EXPECT_EQ(test, rec->event[0], OPP_EVENT_REMOVE);
	KUNIT_EXPECT_EQ(test, rec->freq[0], F1);
}

/*
 * Platforms enable, disable and adjust rates their table may not have:
 * -ENODEV, and not a word in the log.
 */
static void opp_table_absent_rate_is_silent_enodev(struct kunit *test)
{
	struct device *dev = three_opps(test);
	struct fake_console *warnings = fake_console(test, dev, LOGLEVEL_WARNING);

	KUNIT_EXPECT_EQ(test, dev_pm_opp_enable(dev, F1 + 1), -ENODEV);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_disable(dev, F1 + 1), -ENODEV);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_adjust_voltage(dev, F1 + 1, V2, V2, V2),
			-ENODEV);
	KUNIT_EXPECT_EQ(test, fake_console_count(warnings), 0);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_opp_count(dev), 3);
}

/* Removing a rate the table does not have warns, and changes nothing. */
static void opp_table_remove_absent_rate_warns(struct kunit *test)
{
	struct device *dev = three_opps(test);
	struct fake_console *warnings = fake_console(test, dev, LOGLEVEL_WARNING);

	dev_pm_opp_remove(dev, F1 + 1);
	KUNIT_EXPECT_EQ(test, fake_console_count(warnings), 1);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_opp_count(dev), 3);
}

/*
 * Without a table: enabling or adjusting warns, removing says nothing
 * (drivers remove OPPs from tables they may never have built).
 */
static void opp_table_writers_without_table(struct kunit *test)
{
	struct device *dev = opp_kunit_device(test, "opp-none");
	struct fake_console *warnings = fake_console(test, dev, LOGLEVEL_WARNING);

	dev_pm_opp_remove(dev, F1);
	KUNIT_EXPECT_EQ(test, fake_console_count(warnings), 0);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_enable(dev, F1), -ENODEV);
	KUNIT_EXPECT_EQ(test, fake_console_count(warnings), 1);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_adjust_voltage(dev, F1, V1, V1, V1),
			-ENODEV);
	KUNIT_EXPECT_EQ(test, fake_console_count(warnings), 2);
}

static struct kunit_case opp_table_cases[] = {
	KUNIT_CASE(opp_table_count_counts_added_opps),
	KUNIT_CASE(opp_table_ceil_walk_is_ascending),
	KUNIT_CASE(opp_table_ceil_floor_round_to_neighbours),
	KUNIT_CASE(opp_table_out_of_range_is_erange),
	KUNIT_CASE(opp_table_unknown_device_count_is_enodev),
	KUNIT_CASE(opp_table_unknown_device_lookups_are_enodev),
	KUNIT_CASE(opp_table_unknown_device_get_table_is_enodev),
	KUNIT_CASE(opp_table_unknown_device_writers_are_enodev),
	KUNIT_CASE(opp_table_unknown_device_attributes_are_zero),
	KUNIT_CASE(opp_table_bad_device_is_einval),
	KUNIT_CASE(opp_table_identical_duplicate_is_accepted),
	KUNIT_CASE(opp_table_conflicting_duplicate_is_eexist),
	KUNIT_CASE(opp_table_disabled_opp_is_hidden),
	KUNIT_CASE(opp_table_enable_disable_round_trip),
	KUNIT_CASE(opp_table_disabled_opp_getters_refuse),
	KUNIT_CASE(opp_table_getters_of_null_opp_are_neutral),
	KUNIT_CASE(opp_table_getter_of_error_opp_is_zero),
	KUNIT_CASE(opp_table_put_of_bad_opp_is_noop),
	KUNIT_CASE(opp_table_held_opp_lingers),
	KUNIT_CASE(opp_table_held_opp_survives_table),
	KUNIT_CASE(opp_table_last_dynamic_removal_frees_table),
	KUNIT_CASE(opp_table_reference_keeps_table),
	KUNIT_CASE(opp_table_remove_unknown_rate_is_harmless),
	KUNIT_CASE(opp_table_adjust_voltage_updates_supply),
	KUNIT_CASE(opp_table_notifier_sees_events_in_order),
	KUNIT_CASE(opp_table_unregister_unknown_notifier_fails),
	KUNIT_CASE(opp_table_level_exact_lookup),
	KUNIT_CASE(opp_table_level_ceil_lookup),
	KUNIT_CASE(opp_table_level_floor_lookup),
	KUNIT_CASE(opp_table_level_lookups_without_levels),
	KUNIT_CASE(opp_table_unsorted_levels_follow_table_order),
	KUNIT_CASE(opp_table_bw_lookups),
	KUNIT_CASE(opp_table_bw_without_paths_is_einval),
	KUNIT_CASE(opp_table_multi_clock_refuses_unindexed),
	KUNIT_CASE(opp_table_multi_clock_indexed_lookups),
	KUNIT_CASE(opp_table_firmware_latencies),
	KUNIT_CASE(opp_table_firmware_suspend_rate),
	KUNIT_CASE(opp_table_firmware_power),
	KUNIT_CASE(opp_table_firmware_turbo),
	KUNIT_CASE(opp_table_remove_table_keeps_dynamic_opps),
	KUNIT_CASE(opp_table_remove_table_frees_firmware_table),
	KUNIT_CASE(opp_table_lookups_in_atomic_context),
	KUNIT_CASE(opp_table_last_put_in_atomic_context),
	KUNIT_CASE(opp_table_absent_rate_is_silent_enodev),
	KUNIT_CASE(opp_table_remove_absent_rate_warns),
	KUNIT_CASE(opp_table_writers_without_table),
	{}
};

static struct kunit_suite opp_table_suite = {
	.name = "opp_table",
	.test_cases = opp_table_cases,
};

kunit_test_suite(opp_table_suite);

MODULE_DESCRIPTION("KUnit tests for the OPP core");
MODULE_LICENSE("GPL");
MODULE_IMPORT_NS(EXPORTED_FOR_KUNIT_TESTING);
