// SPDX-License-Identifier: GPL-2.0-only
/*
 * KUnit suite opp_em: the energy model a device gets from its OPP table,
 * with power from "opp-microwatt" or from the node's
 * "dynamic-power-coefficient", and the power estimate behind the latter.
 * The energy model core (kernel/power/energy_model.c) and the thermal and
 * devfreq users call these.
 *
 * The tables are in opp_of_kunit.dtso; the expected powers in of_kunit.h
 * are worked out by hand.
 */

#include <kunit/test.h>
#include <linux/energy_model.h>
#include <linux/pm_opp.h>
#include <linux/rcupdate.h>

#include "of_kunit.h"
#include "opp_kunit_helpers.h"

#define OPP_EM_STATES	2

OPP_KUNIT_SUITE_OVERLAY(opp_em, opp_of_kunit);

static struct device *opp_em_loaded(struct kunit *test, const char *compatible)
{
	struct device *dev = opp_kunit_of_device(test, compatible);

	KUNIT_ASSERT_EQ(test, dev_pm_opp_of_add_table(dev), 0);
	return dev;
}

KUNIT_DEFINE_ACTION_WRAPPER(opp_em_unregister, dev_pm_opp_of_unregister_em,
			    struct device *);

/* Registers @dev's model, unregistered before its table goes away. */
static void opp_em_register(struct kunit *test, struct device *dev)
{
	int ret;

	KUNIT_ASSERT_EQ(test, dev_pm_opp_of_register_em(dev, NULL), 0);
	ret = kunit_add_action_or_reset(test, opp_em_unregister, dev);
	KUNIT_ASSERT_EQ(test, ret, 0);
}

/* The model's states, in kHz and uW, against the expected ones. */
static void opp_em_expect_states(struct kunit *test, struct device *dev,
				 const unsigned long *khz,
				 const unsigned long *uw)
{
	struct em_perf_domain *pd = em_pd_get(dev);
	unsigned long got_khz[OPP_EM_STATES], got_uw[OPP_EM_STATES];
	struct em_perf_state *state;
	unsigned int i;

	KUNIT_ASSERT_NOT_NULL(test, pd);
	KUNIT_ASSERT_EQ(test, pd->nr_perf_states, OPP_EM_STATES);
	/* Copied out first: a failed expectation may sleep. */
	scoped_guard(rcu) {
		state = em_perf_state_from_pd(pd);
		for (i = 0; i < OPP_EM_STATES; i++) {
			got_khz[i] = state[i].frequency;
			got_uw[i] = state[i].power;
		}
	}
	for (i = 0; i < OPP_EM_STATES; i++) {
		KUNIT_EXPECT_EQ(test, got_khz[i], khz[i]);
		KUNIT_EXPECT_EQ(test, got_uw[i], uw[i]);
	}
}

/* The estimate is coefficient * mV^2 * MHz / 10^6, at the OPP found. */
static void opp_em_calc_power_from_coefficient(struct kunit *test)
{
	struct device *dev = opp_em_loaded(test, "opp-kunit,em");
	unsigned long khz = EM_F1 / 1000, uw = 0;

	KUNIT_ASSERT_EQ(test, dev_pm_opp_calc_power(dev, &uw, &khz), 0);
	KUNIT_EXPECT_EQ(test, khz, EM_F1 / 1000);
	KUNIT_EXPECT_EQ(test, uw, EM_P1);
}

/* A rate between two OPPs is estimated at the next OPP up. */
static void opp_em_calc_power_rounds_up(struct kunit *test)
{
	struct device *dev = opp_em_loaded(test, "opp-kunit,em");
	unsigned long khz = EM_F1 / 1000 + 1, uw = 0;

	KUNIT_ASSERT_EQ(test, dev_pm_opp_calc_power(dev, &uw, &khz), 0);
	KUNIT_EXPECT_EQ(test, khz, EM_F2 / 1000);
	KUNIT_EXPECT_EQ(test, uw, EM_P2);
}

/* No coefficient, or no OPP at or above the rate: -EINVAL. */
static void opp_em_calc_power_needs_coefficient_and_opp(struct kunit *test)
{
	struct device *seed = opp_em_loaded(test, "opp-kunit,seed-0");
	struct device *dev = opp_em_loaded(test, "opp-kunit,em");
	unsigned long khz = SEED_F1 / 1000, uw = 0;

	KUNIT_EXPECT_EQ(test, dev_pm_opp_calc_power(seed, &uw, &khz), -EINVAL);
	khz = EM_F2 / 1000 + 1;
	KUNIT_EXPECT_EQ(test, dev_pm_opp_calc_power(dev, &uw, &khz), -EINVAL);
	KUNIT_EXPECT_EQ(test, uw, 0);
}

/* With only a coefficient, the model holds the estimates. */
static void opp_em_register_from_coefficient(struct kunit *test)
{
	static const unsigned long khz[] = { EM_F1 / 1000, EM_F2 / 1000 };
	static const unsigned long uw[] = { EM_P1, EM_P2 };
	struct device *dev = opp_em_loaded(test, "opp-kunit,em");

	opp_em_register(test, dev);
	opp_em_expect_states(test, dev, khz, uw);
}

/* "opp-microwatt" wins over a coefficient. */
static void opp_em_register_from_microwatt(struct kunit *test)
{
	static const unsigned long khz[] = { EM_F1 / 1000, EM_F2 / 1000 };
	static const unsigned long uw[] = { EM_UW1, EM_UW2 };
	struct device *dev = opp_em_loaded(test, "opp-kunit,em-uw");

	opp_em_register(test, dev);
	opp_em_expect_states(test, dev, khz, uw);
}

/* No power data, or no table: -EINVAL and no model. */
static void opp_em_register_needs_power_and_table(struct kunit *test)
{
	struct device *seed = opp_em_loaded(test, "opp-kunit,seed-0");
	struct device *bare = opp_kunit_device(test, "opp-em-bare");

	KUNIT_EXPECT_EQ(test, dev_pm_opp_of_register_em(seed, NULL), -EINVAL);
	KUNIT_EXPECT_NULL(test, em_pd_get(seed));
	KUNIT_EXPECT_EQ(test, dev_pm_opp_of_register_em(bare, NULL), -EINVAL);
	KUNIT_EXPECT_NULL(test, em_pd_get(bare));
}

/* Unregistering takes the model away; the table stays. */
static void opp_em_unregister_drops_model(struct kunit *test)
{
	struct device *dev = opp_em_loaded(test, "opp-kunit,em");

	opp_em_register(test, dev);
	KUNIT_ASSERT_NOT_NULL(test, em_pd_get(dev));
	/* Unregisters now; an abort above leaves it to the end of the test. */
	kunit_release_action(test, opp_em_unregister, dev);
	KUNIT_EXPECT_NULL(test, em_pd_get(dev));
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_opp_count(dev), OPP_EM_STATES);
}

static struct kunit_case opp_em_cases[] = {
	KUNIT_CASE(opp_em_calc_power_from_coefficient),
	KUNIT_CASE(opp_em_calc_power_rounds_up),
	KUNIT_CASE(opp_em_calc_power_needs_coefficient_and_opp),
	KUNIT_CASE(opp_em_register_from_coefficient),
	KUNIT_CASE(opp_em_register_from_microwatt),
	KUNIT_CASE(opp_em_register_needs_power_and_table),
	KUNIT_CASE(opp_em_unregister_drops_model),
	{}
};

static struct kunit_suite opp_em_suite = {
	.name = "opp_em",
	.suite_init = opp_em_suite_init,
	.suite_exit = opp_em_suite_exit,
	.test_cases = opp_em_cases,
};

kunit_test_suite(opp_em_suite);
