// SPDX-License-Identifier: GPL-2.0-only
/*
 * KUnit suites opp_of and opp_of_bad: loading device tree OPP tables.
 *
 * Each suite applies an overlay of ours once (opp_of_kunit.dtso, or
 * opp_of_bad_kunit.dtso for malformed tables; one case applies
 * opp_of_big_kunit.dtso and fills its table with opp_kunit.big_nr OPPs);
 * each case binds a bare device to one of its nodes and loads the node's
 * table. Expected values come from of_kunit.h, which the overlays include
 * too.
 */

#include <kunit/test.h>
#include <linux/device.h>
#include <linux/of.h>
#include <linux/pm_opp.h>

#include "../opp.h"
#include "of_kunit.h"
#include "opp_kunit_helpers.h"
#if IS_ENABLED(CONFIG_COMMON_CLK) && IS_ENABLED(CONFIG_REGULATOR)
#include "opp_kunit_dvfs.h"
#endif

OPP_KUNIT_SUITE_OVERLAY(opp_of, opp_of_kunit);

/* A device of the good overlay with its table loaded. */
static struct device *opp_of_loaded(struct kunit *test, const char *compatible)
{
	struct device *dev = opp_kunit_of_device(test, compatible);

	KUNIT_ASSERT_EQ(test, dev_pm_opp_of_add_table(dev), 0);
	return dev;
}

/**
 * struct opp_of_token - a configuration the test gives back when it ends
 * @dev: the device configured
 * @token: what dev_pm_opp_set_config() (or a wrapper) returned
 */
struct opp_of_token {
	struct device *dev;
	int token;
};

static void opp_of_put_config(void *data)
{
	struct opp_of_token *t = data;

	/* A table loaded under it goes first, as in a driver's remove. */
	dev_pm_opp_remove_table(t->dev);
	dev_pm_opp_clear_config(t->token);
}

/*
 * Keeps @token until the test ends, so that an aborted case leaks no
 * configuration; give it back earlier with opp_of_drop_config().
 */
static struct opp_of_token *opp_of_hold_config(struct kunit *test,
					       struct device *dev, int token)
{
	struct opp_of_token *t;
	int ret;

	KUNIT_ASSERT_GT(test, token, 0);
	t = kunit_kzalloc(test, sizeof(*t), GFP_KERNEL);
	if (!t)
		dev_pm_opp_clear_config(token);
	KUNIT_ASSERT_NOT_NULL(test, t);
	t->dev = dev;
	t->token = token;
	ret = kunit_add_action_or_reset(test, opp_of_put_config, t);
	KUNIT_ASSERT_EQ(test, ret, 0);
	return t;
}

static void opp_of_drop_config(struct kunit *test, struct opp_of_token *t)
{
	kunit_release_action(test, opp_of_put_config, t);
}

static struct dev_pm_opp *opp_of_exact(struct kunit *test, struct device *dev,
				       unsigned long freq)
{
	return opp_kunit_find_exact(test, dev, freq, true);
}

/* The tutorial table loads its three enabled OPPs in rate order. */
static void opp_of_seed_table_loads_enabled_opps(struct kunit *test)
{
	static const unsigned long rate[] = { SEED_F1, SEED_F2, SEED_F3 };
	static const unsigned long volt[] = { SEED_V1, SEED_V2, SEED_V3 };
	struct device *dev = opp_of_loaded(test, "opp-kunit,seed-0");
	unsigned long freq = 0;
	struct dev_pm_opp *opp;
	unsigned int i;

	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_opp_count(dev), 3);
	for (i = 0; i < ARRAY_SIZE(rate); i++, freq++) {
		opp = dev_pm_opp_find_freq_ceil(dev, &freq);
		KUNIT_ASSERT_NOT_ERR_OR_NULL(test, opp);
		KUNIT_EXPECT_EQ(test, freq, rate[i]);
		KUNIT_EXPECT_EQ(test, dev_pm_opp_get_voltage(opp), volt[i]);
		dev_pm_opp_put(opp);
	}
	KUNIT_EXPECT_EQ(test,
			PTR_ERR(dev_pm_opp_find_freq_exact(dev, SEED_F_OFF, false)),
			-ERANGE);
}

/* Supply triplets and currents are read as written. */
static void opp_of_seed_table_supplies(struct kunit *test)
{
	struct device *dev = opp_of_loaded(test, "opp-kunit,seed-0");
	struct dev_pm_opp_supply supply;
	struct dev_pm_opp *opp;

	opp = opp_of_exact(test, dev, SEED_F1);
	KUNIT_ASSERT_EQ(test, dev_pm_opp_get_supplies(opp, &supply), 0);
	KUNIT_EXPECT_EQ(test, supply.u_volt, SEED_V1);
	KUNIT_EXPECT_EQ(test, supply.u_volt_min, SEED_V1_MIN);
	KUNIT_EXPECT_EQ(test, supply.u_volt_max, SEED_V1_MAX);
	KUNIT_EXPECT_EQ(test, supply.u_amp, SEED_A1);

	opp = opp_of_exact(test, dev, SEED_F2);
	KUNIT_ASSERT_EQ(test, dev_pm_opp_get_supplies(opp, &supply), 0);
	KUNIT_EXPECT_EQ(test, supply.u_volt_min, SEED_V2_MIN);
	KUNIT_EXPECT_EQ(test, supply.u_amp, SEED_A2);
}

/* An OPP gives back the device tree node it was read from. */
static void opp_of_seed_table_opp_node(struct kunit *test)
{
	struct device *dev = opp_of_loaded(test, "opp-kunit,seed-0");
	struct dev_pm_opp *opp = opp_of_exact(test, dev, SEED_F2);
	struct device_node *np = dev_pm_opp_get_of_node(opp);

	KUNIT_ASSERT_NOT_NULL(test, np);
	of_node_put_kunit(test, np);
	KUNIT_EXPECT_STREQ(test, kbasename(of_node_full_name(np)),
			   "opp-1100000000");
}

/* "turbo-mode" marks that OPP, and only that one, turbo. */
static void opp_of_seed_table_turbo(struct kunit *test)
{
	struct device *dev = opp_of_loaded(test, "opp-kunit,seed-0");
	struct dev_pm_opp *f1 = opp_of_exact(test, dev, SEED_F1);
	struct dev_pm_opp *f3 = opp_of_exact(test, dev, SEED_F3);

	KUNIT_EXPECT_FALSE(test, dev_pm_opp_is_turbo(f1));
	KUNIT_EXPECT_TRUE(test, dev_pm_opp_is_turbo(f3));
}

/* The clock latency is the table's largest; the suspend OPP is found. */
static void opp_of_seed_table_latency_and_suspend(struct kunit *test)
{
	struct device *dev = opp_of_loaded(test, "opp-kunit,seed-0");

	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_max_clock_latency(dev), SEED_LAT2);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_suspend_opp_freq(dev), SEED_F1);
}

/* Devices pointing at one "opp-shared" table share one OPP table. */
static void opp_of_shared_table_is_shared(struct kunit *test)
{
	struct device *dev0 = opp_of_loaded(test, "opp-kunit,seed-0");
	struct device *dev1 = opp_of_loaded(test, "opp-kunit,seed-1");
	struct opp_table *t0 = dev_pm_opp_get_opp_table(dev0);
	struct opp_table *t1 = dev_pm_opp_get_opp_table(dev1);

	KUNIT_EXPECT_PTR_EQ(test, t0, t1);
	dev_pm_opp_put_opp_table(t0);
	dev_pm_opp_put_opp_table(t1);

	/* The table stays for the second device after the first leaves. */
	dev_pm_opp_of_remove_table(dev0);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_opp_count(dev1), 3);
	dev_pm_opp_of_remove_table(dev1);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_opp_count(dev1), -ENODEV);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_opp_count(dev0), -ENODEV);
}

/* Without "opp-shared", each device gets a table of its own. */
static void opp_of_private_table_per_device(struct kunit *test)
{
	struct device *dev0 = opp_of_loaded(test, "opp-kunit,private-0");
	struct device *dev1 = opp_of_loaded(test, "opp-kunit,private-1");
	struct opp_table *t0 = dev_pm_opp_get_opp_table(dev0);
	struct opp_table *t1 = dev_pm_opp_get_opp_table(dev1);

	KUNIT_EXPECT_PTR_NE(test, t0, t1);
	dev_pm_opp_put_opp_table(t0);
	dev_pm_opp_put_opp_table(t1);
}

/* Each load counts: the table goes with the last removal. */
static void opp_of_loads_are_counted(struct kunit *test)
{
	struct device *dev = opp_of_loaded(test, "opp-kunit,seed-0");

	KUNIT_ASSERT_EQ(test, dev_pm_opp_of_add_table(dev), 0);
	dev_pm_opp_of_remove_table(dev);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_opp_count(dev), 3);
	dev_pm_opp_of_remove_table(dev);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_opp_count(dev), -ENODEV);
}

/* A device without any table in the device tree gets -ENODEV. */
static void opp_of_device_without_table(struct kunit *test)
{
	struct device *dev = opp_kunit_device(test, "opp-of-none");

	KUNIT_EXPECT_EQ(test, dev_pm_opp_of_add_table(dev), -ENODEV);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_opp_count(dev), -ENODEV);
	KUNIT_EXPECT_NULL(test, dev_pm_opp_of_get_opp_desc_node(dev));
}

/* Without a property name the plain properties apply. */
static void opp_of_plain_props_without_prop_name(struct kunit *test)
{
	struct device *dev = opp_of_loaded(test, "opp-kunit,named");
	struct dev_pm_opp_supply supply;
	struct dev_pm_opp *opp = opp_of_exact(test, dev, NAMED_F1);

	KUNIT_ASSERT_EQ(test, dev_pm_opp_get_supplies(opp, &supply), 0);
	KUNIT_EXPECT_EQ(test, supply.u_volt, NAMED_V_PLAIN);
	KUNIT_EXPECT_EQ(test, supply.u_amp, 0);
}

/*
 * devm_pm_opp_of_add_table(): the table goes with the device's resources,
 * here a devres group released by hand as a driver's detach would.
 */
static void opp_of_devm_table_goes_with_devres(struct kunit *test)
{
	struct device *dev = opp_kunit_of_device(test, "opp-kunit,seed-0");
	void *group = devres_open_group(dev, NULL, GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, group);
	KUNIT_ASSERT_EQ(test, devm_pm_opp_of_add_table(dev), 0);
	devres_close_group(dev, group);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_opp_count(dev), 3);

	devres_release_group(dev, group);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_opp_count(dev), -ENODEV);
}

/* A failed devm load leaves neither a table nor a resource behind. */
static void opp_of_devm_failed_load_keeps_nothing(struct kunit *test)
{
	struct device *dev = opp_kunit_device(test, "opp-of-devm-none");
	void *group = devres_open_group(dev, NULL, GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, group);
	KUNIT_EXPECT_EQ(test, devm_pm_opp_of_add_table_indexed(dev, 0), -ENODEV);
	devres_close_group(dev, group);
	KUNIT_EXPECT_EQ(test, devres_release_group(dev, group), 0);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_opp_count(dev), -ENODEV);
}

/* dev_pm_opp_set_prop_name() selects "opp-microvolt-<name>" and friends. */
static void opp_of_prop_name_selects_named_props(struct kunit *test)
{
	struct device *dev = opp_kunit_of_device(test, "opp-kunit,named");
	struct dev_pm_opp_supply supply;
	struct opp_of_token *token;
	struct dev_pm_opp *opp;

	token = opp_of_hold_config(test, dev,
				   dev_pm_opp_set_prop_name(dev, "fast"));
	KUNIT_ASSERT_EQ(test, dev_pm_opp_of_add_table(dev), 0);

	opp = opp_of_exact(test, dev, NAMED_F1);
	KUNIT_ASSERT_EQ(test, dev_pm_opp_get_supplies(opp, &supply), 0);
	KUNIT_EXPECT_EQ(test, supply.u_volt, NAMED_V_FAST);
	KUNIT_EXPECT_EQ(test, supply.u_amp, NAMED_A_FAST);

	dev_pm_opp_of_remove_table(dev);
	opp_of_drop_config(test, token);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_opp_count(dev), -ENODEV);
}

/* A property name must come before the OPPs: once loaded, -EBUSY. */
static void opp_of_prop_name_after_opps_is_ebusy(struct kunit *test)
{
	struct device *dev = opp_kunit_of_device(test, "opp-kunit,named");

	opp_of_hold_config(test, dev, dev_pm_opp_set_prop_name(dev, "fast"));
	KUNIT_ASSERT_EQ(test, dev_pm_opp_of_add_table(dev), 0);
	OPP_KUNIT_EXPECT_WARN(test, "dev_pm_opp_set_config");
	KUNIT_EXPECT_EQ(test, dev_pm_opp_set_prop_name(dev, "slow"), -EBUSY);
}

/* Hardware versions keep the OPPs one of whose versions matches. */
static void opp_of_supported_hw_filters_opps(struct kunit *test)
{
	static const u32 versions[] = { 0x2, 0x1 };
	struct device *dev = opp_kunit_of_device(test, "opp-kunit,hw");

	opp_of_hold_config(test, dev,
			   dev_pm_opp_set_supported_hw(dev, versions,
						       ARRAY_SIZE(versions)));
	KUNIT_ASSERT_EQ(test, dev_pm_opp_of_add_table(dev), 0);

	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_opp_count(dev), 1);
	opp_of_exact(test, dev, HW_F2);
}

/* Without hardware versions, only OPPs for every version remain. */
static void opp_of_no_supported_hw_keeps_unconditional(struct kunit *test)
{
	struct device *dev = opp_of_loaded(test, "opp-kunit,hw");

	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_opp_count(dev), 1);
	opp_of_exact(test, dev, HW_F3);
}

/* Versions that match no OPP leave nothing to load. */
static void opp_of_supported_hw_matching_nothing(struct kunit *test)
{
	static const u32 versions[] = { 0x8, 0x8 };
	struct device *dev = opp_kunit_of_device(test, "opp-kunit,hw");
	int token;

	token = dev_pm_opp_set_supported_hw(dev, versions, ARRAY_SIZE(versions));
	KUNIT_ASSERT_GT(test, token, 0);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_of_add_table(dev), -ENOENT);
	dev_pm_opp_put_supported_hw(token);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_opp_count(dev), -ENODEV);
}

/* Level-only tables (power domains) are searched by level. */
static void opp_of_level_only_table(struct kunit *test)
{
	struct device *dev = opp_of_loaded(test, "opp-kunit,domain");
	unsigned int level = DOM_L1 + 1;
	struct dev_pm_opp *opp;

	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_opp_count(dev), 2);
	opp = dev_pm_opp_find_level_ceil(dev, &level);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, opp);
	KUNIT_EXPECT_EQ(test, level, DOM_L2);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_freq(opp), 0);
	dev_pm_opp_put(opp);

	opp = dev_pm_opp_find_level_exact(dev, DOM_L1);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, opp);
	dev_pm_opp_put(opp);
}

/*
 * Required OPPs resolve once the required table is loaded, whichever loads
 * first.
 */
static void opp_of_required_opps_resolve_late(struct kunit *test)
{
	struct device *consumer = opp_of_loaded(test, "opp-kunit,consumer");
	struct device *domain = opp_kunit_of_device(test, "opp-kunit,domain");
	struct dev_pm_opp *opp = opp_of_exact(test, consumer, REQ_F2);

	KUNIT_EXPECT_TRUE(test, dev_pm_opp_of_has_required_opp(consumer));
	KUNIT_EXPECT_FALSE(test, dev_pm_opp_of_has_required_opp(domain));
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_required_pstate(opp, 0), 0);

	KUNIT_ASSERT_EQ(test, dev_pm_opp_of_add_table(domain), 0);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_required_pstate(opp, 0), DOM_L2);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_required_pstate(opp, 1), 0);
}

/* xlate finds the required OPP of another table. */
static void opp_of_xlate_required_opp(struct kunit *test)
{
	struct device *domain = opp_of_loaded(test, "opp-kunit,domain");
	struct device *consumer = opp_of_loaded(test, "opp-kunit,consumer");
	struct opp_table *src = dev_pm_opp_get_opp_table(consumer);
	struct opp_table *dst = dev_pm_opp_get_opp_table(domain);
	struct dev_pm_opp *opp = opp_of_exact(test, consumer, REQ_F1);
	struct dev_pm_opp *req;

	req = dev_pm_opp_xlate_required_opp(src, dst, opp);
	KUNIT_EXPECT_FALSE(test, IS_ERR_OR_NULL(req));
	if (!IS_ERR_OR_NULL(req)) {
		KUNIT_EXPECT_EQ(test, dev_pm_opp_get_level(req), DOM_L1);
		dev_pm_opp_put(req);
	}
	KUNIT_EXPECT_EQ(test, PTR_ERR(dev_pm_opp_xlate_required_opp(dst, src, opp)),
			-ENODEV);

	/* Only power domains translate states; no table means identity. */
	KUNIT_EXPECT_EQ(test, dev_pm_opp_xlate_performance_state(src, dst, 1),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_xlate_performance_state(NULL, dst, 7), 7);
	dev_pm_opp_put_opp_table(src);
	dev_pm_opp_put_opp_table(dst);
}

/* of_get_required_opp_performance_state() reads a node's required level. */
static void opp_of_required_performance_state(struct kunit *test)
{
	struct device *domain = opp_kunit_of_device(test, "opp-kunit,domain");
	struct device *consumer = opp_of_loaded(test, "opp-kunit,consumer");
	struct dev_pm_opp *opp = opp_of_exact(test, consumer, REQ_F1);
	struct device_node *np = dev_pm_opp_get_of_node(opp);

	KUNIT_ASSERT_NOT_NULL(test, np);
	of_node_put_kunit(test, np);
	KUNIT_EXPECT_EQ(test, of_get_required_opp_performance_state(np, 0),
			-EINVAL);
	KUNIT_ASSERT_EQ(test, dev_pm_opp_of_add_table(domain), 0);
	KUNIT_EXPECT_EQ(test, of_get_required_opp_performance_state(np, 0),
			DOM_L1);
	KUNIT_EXPECT_EQ(test, of_get_required_opp_performance_state(np, 1),
			-ENODEV);
}

/* Bandwidth-only tables: one peak per interconnect path. */
static void opp_of_bandwidth_only_table(struct kunit *test)
{
	struct device *dev;
	unsigned int bw = BW_P1 + 1;
	struct dev_pm_opp *opp;

	fake_icc(test, NULL, opp_kunit_of_device(test, "opp-kunit,icc"));
	dev = opp_of_loaded(test, "opp-kunit,bw");

	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_opp_count(dev), 2);
	opp = dev_pm_opp_find_bw_ceil(dev, &bw, 0);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, opp);
	KUNIT_EXPECT_EQ(test, bw, BW_P2);
	dev_pm_opp_put(opp);

	bw = BW_P2B - 1;
	opp = dev_pm_opp_find_bw_floor(dev, &bw, 1);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, opp);
	KUNIT_EXPECT_EQ(test, bw, BW_P1B);
	dev_pm_opp_put(opp);

	KUNIT_EXPECT_EQ(test, PTR_ERR(dev_pm_opp_find_bw_ceil(dev, &bw, 2)),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_of_find_icc_paths(dev, NULL), 0);
}

/*
 * A table takes its interconnect paths when it is created: a provider that
 * is not registered yet defers the load, and a set_config() that creates
 * the table, and leaves no table behind.
 */
static void opp_of_absent_icc_provider_defers(struct kunit *test)
{
	struct device *dev = opp_kunit_of_device(test, "opp-kunit,bw-defer");
	struct dev_pm_opp_config config = { .clk_names = (const char *[]){ NULL } };

	if (!IS_ENABLED(CONFIG_INTERCONNECT))
		kunit_skip(test, "needs CONFIG_INTERCONNECT");

	KUNIT_EXPECT_EQ(test, dev_pm_opp_of_add_table(dev), -EPROBE_DEFER);
	KUNIT_EXPECT_EQ(test, PTR_ERR(dev_pm_opp_get_opp_table(dev)), -ENODEV);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_set_config(dev, &config),
			-EPROBE_DEFER);
	KUNIT_EXPECT_EQ(test, PTR_ERR(dev_pm_opp_get_opp_table(dev)), -ENODEV);
}

/*
 * The legacy binding: kHz pairs, tolerance and latency on the device. With
 * no regulator named, the voltages drive no supply: the table counts none,
 * and only dev_pm_opp_get_voltage() reads them (the tolerance is kept for
 * the regulator a platform may name before loading).
 */
static void opp_of_v1_table(struct kunit *test)
{
	struct device *dev = opp_of_loaded(test, "opp-kunit,v1");
	const struct dev_pm_opp_supply *supply;
	struct dev_pm_opp *opp;

	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_opp_count(dev), 2);
	opp = opp_of_exact(test, dev, V1_K2 * 1000UL);
	KUNIT_EXPECT_EQ(test, opp->nr_supplies, 0);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_voltage(opp), V1_U2);
	supply = opp_supplies(opp);
	KUNIT_EXPECT_EQ(test, supply->u_volt_min, V1_U2 - V1_U2 * V1_TOL / 100);
	KUNIT_EXPECT_EQ(test, supply->u_volt_max, V1_U2 + V1_U2 * V1_TOL / 100);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_max_clock_latency(dev), V1_LAT);
	KUNIT_EXPECT_NULL(test, dev_pm_opp_get_of_node(opp));
}

/*
 * Linux gives the OPPs of the legacy binding and of dev_pm_opp_add() level
 * 0 (_opp_add_v1() copies the caller's zeroed level); only OPP nodes
 * without "opp-level" have no level.
 */
static void opp_of_v1_and_dynamic_levels_are_zero(struct kunit *test)
{
	struct device *dev = opp_of_loaded(test, "opp-kunit,v1");
	struct device *seed = opp_of_loaded(test, "opp-kunit,seed-0");
	struct dev_pm_opp *opp;

	opp = opp_of_exact(test, dev, V1_K1 * 1000UL);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_level(opp), 0);
	opp_kunit_add(test, dev, SEED_F_OFF, SEED_V3);
	opp = opp_of_exact(test, dev, SEED_F_OFF);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_level(opp), 0);

	opp = opp_of_exact(test, seed, SEED_F1);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_level(opp), OPP_LEVEL_UNSET);
}

/*
 * An OPP from code and one from the legacy binding at one rate are the same
 * OPP (both level 0): as in Linux's _opp_is_duplicate(), the firmware one is
 * ignored with the same voltage, and the table refused with -EEXIST with
 * another.
 */
static void opp_of_v1_repeats_dynamic_opp(struct kunit *test)
{
	struct device *dev = opp_kunit_of_device(test, "opp-kunit,v1");
	struct fake_console *warnings = fake_console(test, dev, LOGLEVEL_WARNING);

	opp_kunit_add(test, dev, V1_K1 * 1000UL, V1_U1);
	fake_console_reset(warnings);
	KUNIT_ASSERT_EQ(test, dev_pm_opp_of_add_table(dev), 0);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_opp_count(dev), 2);
	KUNIT_EXPECT_EQ(test, fake_console_count(warnings), 1);
	KUNIT_EXPECT_NOT_NULL(test, strstr(fake_console_line(warnings, 0),
					   "/opp-kunit-v1"));
	dev_pm_opp_of_remove_table(dev);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_opp_count(dev), 1);

	dev_pm_opp_remove(dev, V1_K1 * 1000UL);
	opp_kunit_add(test, dev, V1_K1 * 1000UL, V1_U2);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_of_add_table(dev), -EEXIST);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_opp_count(dev), 1);
}

/*
 * A v2 OPP node has no level, an OPP from code level 0: at one rate they
 * are two OPPs in Linux (_opp_compare_key() tells them apart by level).
 */
static void opp_of_v2_and_dynamic_opp_coexist(struct kunit *test)
{
	struct device *dev = opp_kunit_of_device(test, "opp-kunit,private-0");

	opp_kunit_add(test, dev, SEED_F1, SEED_V1);
#ifdef OPP_TEST_API_6_1
	/* 6.1: the OPP from code gave the table a supply, the nodes have none. */
	KUNIT_EXPECT_EQ(test, dev_pm_opp_of_add_table(dev), -EINVAL);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_opp_count(dev), 1);
#else
	KUNIT_ASSERT_EQ(test, dev_pm_opp_of_add_table(dev), 0);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_opp_count(dev), 2);
#endif
}

/* 6.12 only: its table tells OPPs of one rate apart by inherited levels. */
#ifndef OPP_TEST_API_6_1
/*
 * An OPP added by code cannot name required OPPs: a table whose node's OPPs
 * require some refuses it (Linux dereferences NULL there), before its node
 * is loaded or after, and the node's OPPs still load.
 */
static void opp_of_code_opp_in_required_table_is_einval(struct kunit *test)
{
	struct device *dev;

	opp_of_loaded(test, "opp-kunit,domain");
	dev = opp_kunit_of_device(test, "opp-kunit,same-rate");
	KUNIT_EXPECT_EQ(test, dev_pm_opp_add(dev, REQ_F1 / 2, 0), -EINVAL);
	/* The table made for the OPP went with the refusal. */
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_opp_count(dev), -ENODEV);
	KUNIT_ASSERT_EQ(test, dev_pm_opp_of_add_table(dev), 0);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_add(dev, REQ_F1 / 2, 0), -EINVAL);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_opp_count(dev), 2);
}
#endif

/* 6.12 only: 6.1's OPPs take no level from their power domain. */
#ifndef OPP_TEST_API_6_1
/*
 * A device in a single power domain takes the level of the domain's OPP its
 * OPP requires, as Linux's _link_required_opps() does when the domain's
 * table is loaded: two OPPs at one rate that require two levels are two
 * OPPs, found, sorted and told apart by level.
 */
static void opp_of_same_rate_told_apart_by_inherited_level(struct kunit *test)
{
	struct device *domain = opp_of_loaded(test, "opp-kunit,domain");
	struct device *dev = opp_of_loaded(test, "opp-kunit,same-rate");
	unsigned int level = DOM_L1 + 1;
	unsigned long freq = REQ_F1;
	struct dev_pm_opp *opp;

	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_opp_count(dev), 2);

	opp = dev_pm_opp_find_level_exact(dev, DOM_L1);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, opp);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_voltage(opp), SAME_V1);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_level(opp), DOM_L1);
	dev_pm_opp_put(opp);

	opp = dev_pm_opp_find_level_ceil(dev, &level);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, opp);
	KUNIT_EXPECT_EQ(test, level, DOM_L2);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_voltage(opp), SAME_V2);
	dev_pm_opp_put(opp);

	/* In table order the lower level comes first. */
	opp = dev_pm_opp_find_freq_ceil(dev, &freq);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, opp);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_level(opp), DOM_L1);
	dev_pm_opp_put(opp);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_opp_count(domain), 2);
}
#endif

/*
 * Without the domain's table, Linux links nothing at load: both OPPs have no
 * level, the second is the first again with another voltage, and
 * _opp_is_duplicate() refuses the table with -EEXIST.
 */
static void opp_of_same_rate_without_domain_is_a_clash(struct kunit *test)
{
	struct device *dev = opp_kunit_of_device(test, "opp-kunit,same-rate");
	struct fake_console *errors = fake_console(test, dev, LOGLEVEL_ERR);

	fake_console_reset(errors);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_of_add_table(dev), -EEXIST);
	KUNIT_EXPECT_EQ(test, fake_console_count(errors), 1);
	KUNIT_EXPECT_NOT_NULL(test, strstr(fake_console_line(errors, 0),
					   "/opp-kunit-same-rate-table/"));
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_opp_count(dev), -ENODEV);
}

/* The OPPs of a table that are available, and all of them. */
static void opp_of_expect_counts(struct kunit *test, struct device *dev,
				 int available, int all)
{
	struct opp_table *table = dev_pm_opp_get_opp_table(dev);
	struct opp_snapshot *snap;
	int nr;

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, table);
	rcu_read_lock();
	snap = rcu_dereference(table->snap);
	nr = snap->nr_avail + snap->nr_unavail;
	rcu_read_unlock();
	dev_pm_opp_put_opp_table(table);

	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_opp_count(dev), available);
	KUNIT_EXPECT_EQ(test, nr, all);
}

/*
 * An OPP whose required OPP is disabled is unavailable (Linux's
 * _required_opps_available()): when the required table is there at load,
 * and when it comes later (lazy_link_required_opp_table()). C requires D's
 * OPPs, D requires P's; P's first OPP is disabled before D loads.
 */
static void opp_of_disabled_required_opp_disables(struct kunit *test)
{
	struct device *c = opp_of_loaded(test, "opp-kunit,avail-c");
	struct device *d = opp_kunit_of_device(test, "opp-kunit,avail-d");
	struct device *p = opp_of_loaded(test, "opp-kunit,avail-p");

	/* D is not loaded: C's OPPs wait, available. */
	opp_of_expect_counts(test, c, 2, 2);

	KUNIT_ASSERT_EQ(test, dev_pm_opp_disable(p, AV_F1), 0);
	KUNIT_ASSERT_EQ(test, dev_pm_opp_of_add_table(d), 0);

	/* At load: D's first OPP requires P's disabled one. */
	opp_of_expect_counts(test, d, 1, 2);
	opp_kunit_find_exact(test, d, AV_F1, false);

	/* Later: C's first OPP requires D's, now there and disabled. */
	opp_of_expect_counts(test, c, 1, 2);
	opp_kunit_find_exact(test, c, AV_F1, false);
	opp_kunit_find_exact(test, c, AV_F2, true);
}

/*
 * Two OPPs at one rate for two hardware versions: the version picks one, as
 * in Linux; when both apply, the second is the first with another voltage
 * (-EEXIST); when none applies, nothing loads (-ENOENT).
 */
static void opp_of_supported_hw_picks_among_same_rate(struct kunit *test)
{
	static const struct {
		u32 version;
		int err;
		unsigned long volt;
	} cases[] = {
		{ 0x1, 0, HWDUP_VA },
		{ 0x2, 0, HWDUP_VB },
		{ 0x3, -EEXIST },
		{ 0x4, -ENOENT },
	};
	struct device *dev = opp_kunit_of_device(test, "opp-kunit,hw-dup");
	struct opp_of_token *token;
	struct dev_pm_opp *opp;
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		token = opp_of_hold_config(test, dev,
					   dev_pm_opp_set_supported_hw(dev,
								       &cases[i].version,
								       1));
		KUNIT_EXPECT_EQ_MSG(test, dev_pm_opp_of_add_table(dev),
				    cases[i].err, "version %#x", cases[i].version);
		if (!cases[i].err) {
			KUNIT_EXPECT_EQ(test, dev_pm_opp_get_opp_count(dev), 1);
			opp = opp_of_exact(test, dev, HW_F1);
			KUNIT_EXPECT_EQ(test, dev_pm_opp_get_voltage(opp),
					cases[i].volt);
			dev_pm_opp_of_remove_table(dev);
		}
		opp_of_drop_config(test, token);
		KUNIT_EXPECT_EQ(test, dev_pm_opp_get_opp_count(dev), -ENODEV);
	}
}

/*
 * Unordered nodes, a repeated node and a suspicious voltage are warned
 * about, not refused; the fastest of two suspend OPPs wins.
 */
static void opp_of_lint_table_still_loads(struct kunit *test)
{
	struct device *dev = opp_of_loaded(test, "opp-kunit,lint");
	struct dev_pm_opp *opp;
	unsigned long freq = 0;

	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_opp_count(dev), 3);
	opp = dev_pm_opp_find_freq_ceil(dev, &freq);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, opp);
	KUNIT_EXPECT_EQ(test, freq, LINT_F1);
	dev_pm_opp_put(opp);

	opp = opp_of_exact(test, dev, LINT_F3);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_voltage(opp), LINT_V3_LOW);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_suspend_opp_freq(dev), LINT_F2);
}

/*
 * A table loaded whole is published at once; the notifiers then hear of
 * every OPP in the order of its nodes, as the kernel walks them.
 */
static void opp_of_load_notifies_each_opp(struct kunit *test)
{
	struct device *dev = opp_kunit_of_device(test, "opp-kunit,seed-0");
	struct device_node *np __free(device_node) =
		dev_pm_opp_of_get_opp_desc_node(dev);
	struct opp_kunit_events *rec;
	unsigned int i = 0;
	u64 hz;

	/* A dynamic OPP makes the table exist before the load. */
	opp_kunit_add(test, dev, SEED_F_OFF, SEED_V3);
	rec = opp_kunit_record_events(test, dev);
	KUNIT_ASSERT_EQ(test, dev_pm_opp_of_add_table(dev), 0);

	KUNIT_ASSERT_EQ(test, rec->nr, 3);
	for_each_available_child_of_node_scoped(np, child) {
		KUNIT_ASSERT_EQ(test, of_property_read_u64(child, "opp-hz", &hz),
				0);
		KUNIT_ASSERT_LT(test, i, rec->nr);
		KUNIT_EXPECT_EQ(test, rec->event[i], OPP_EVENT_ADD);
		KUNIT_EXPECT_EQ(test, rec->freq[i], hz);
		i++;
	}
	KUNIT_EXPECT_EQ(test, i, 3);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_opp_count(dev), 4);
}

#if IS_ENABLED(CONFIG_COMMON_CLK) && IS_ENABLED(CONFIG_REGULATOR)
/*
 * With regulators configured, Linux's opp_parse_microvolt() refuses the
 * table with -EINVAL when its first OPP has no "opp-microvolt"; a later OPP
 * without one loads at 0 V, which the regulator cannot give, so it is
 * disabled (_opp_supported_by_regulators()). The two tables of the cases
 * below have the same nodes in opposite orders: one of each kind, whatever
 * the order in which the overlay attached them.
 */
static void opp_of_regulators_and_microvolt(struct kunit *test,
					    const char *compatible)
{
	static const char * const names[] = { "vdd", NULL };
	struct opp_kunit_dvfs *fix = opp_kunit_dvfs(test, compatible, true, 0, 1);
	struct device_node *table __free(device_node) =
		of_parse_phandle(fix->dev->of_node, "operating-points-v2", 0);
	struct device_node *first __free(device_node) =
		of_get_next_available_child(table, NULL);
	struct dev_pm_opp *opp;
	u64 rate;

	KUNIT_ASSERT_NOT_NULL(test, first);
	KUNIT_ASSERT_EQ(test, devm_pm_opp_set_regulators(fix->dev, names), 0);
#ifdef OPP_TEST_API_6_1
	/* 6.1 wants it on every OPP of a table with supplies. */
	KUNIT_EXPECT_EQ(test, dev_pm_opp_of_add_table(fix->dev), -EINVAL);
	return;
#endif
	if (!of_property_present(first, "opp-microvolt")) {
		KUNIT_EXPECT_EQ(test, dev_pm_opp_of_add_table(fix->dev), -EINVAL);
		return;
	}

	/* The first OPP has the voltage, the other one 0 V. */
	KUNIT_ASSERT_EQ(test, of_property_read_u64(first, "opp-hz", &rate), 0);
	KUNIT_ASSERT_EQ(test, dev_pm_opp_of_add_table(fix->dev), 0);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_opp_count(fix->dev), 1);
	opp = opp_of_exact(test, fix->dev, rate);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_voltage(opp), RUV_V1);
	opp = opp_kunit_find_exact(test, fix->dev, RUV_F1 + RUV_F2 - rate,
				   false);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_voltage(opp), 0);
}

static void opp_of_regulators_microvolt_uv_first(struct kunit *test)
{
	opp_of_regulators_and_microvolt(test, "opp-kunit,uv-first");
}

static void opp_of_regulators_microvolt_uv_later(struct kunit *test)
{
	opp_of_regulators_and_microvolt(test, "opp-kunit,uv-later");
}
#endif

static struct kunit_case opp_of_cases[] = {
	KUNIT_CASE(opp_of_seed_table_loads_enabled_opps),
	KUNIT_CASE(opp_of_seed_table_supplies),
	KUNIT_CASE(opp_of_seed_table_opp_node),
	KUNIT_CASE(opp_of_seed_table_turbo),
	KUNIT_CASE(opp_of_seed_table_latency_and_suspend),
	KUNIT_CASE(opp_of_shared_table_is_shared),
	KUNIT_CASE(opp_of_private_table_per_device),
	KUNIT_CASE(opp_of_loads_are_counted),
	KUNIT_CASE(opp_of_device_without_table),
	KUNIT_CASE(opp_of_devm_table_goes_with_devres),
	KUNIT_CASE(opp_of_devm_failed_load_keeps_nothing),
	KUNIT_CASE(opp_of_plain_props_without_prop_name),
	KUNIT_CASE(opp_of_prop_name_selects_named_props),
	KUNIT_CASE(opp_of_prop_name_after_opps_is_ebusy),
	KUNIT_CASE(opp_of_supported_hw_filters_opps),
	KUNIT_CASE(opp_of_no_supported_hw_keeps_unconditional),
	KUNIT_CASE(opp_of_supported_hw_matching_nothing),
	KUNIT_CASE(opp_of_level_only_table),
	KUNIT_CASE(opp_of_required_opps_resolve_late),
	KUNIT_CASE(opp_of_xlate_required_opp),
	KUNIT_CASE(opp_of_required_performance_state),
	KUNIT_CASE(opp_of_bandwidth_only_table),
	KUNIT_CASE(opp_of_absent_icc_provider_defers),
	KUNIT_CASE(opp_of_v1_table),
	KUNIT_CASE(opp_of_v1_and_dynamic_levels_are_zero),
	KUNIT_CASE(opp_of_v1_repeats_dynamic_opp),
	KUNIT_CASE(opp_of_v2_and_dynamic_opp_coexist),
#ifndef OPP_TEST_API_6_1
	KUNIT_CASE(opp_of_code_opp_in_required_table_is_einval),
#endif
#ifndef OPP_TEST_API_6_1
	KUNIT_CASE(opp_of_same_rate_told_apart_by_inherited_level),
#endif
	KUNIT_CASE(opp_of_same_rate_without_domain_is_a_clash),
	KUNIT_CASE(opp_of_disabled_required_opp_disables),
	KUNIT_CASE(opp_of_supported_hw_picks_among_same_rate),
#if IS_ENABLED(CONFIG_COMMON_CLK) && IS_ENABLED(CONFIG_REGULATOR)
	KUNIT_CASE(opp_of_regulators_microvolt_uv_first),
	KUNIT_CASE(opp_of_regulators_microvolt_uv_later),
#endif
	KUNIT_CASE(opp_of_lint_table_still_loads),
	KUNIT_CASE(opp_of_load_notifies_each_opp),
	{}
};

static struct kunit_suite opp_of_suite = {
	.name = "opp_of",
	.suite_init = opp_of_suite_init,
	.suite_exit = opp_of_suite_exit,
	.test_cases = opp_of_cases,
};

/**
 * struct opp_of_bad_case - a malformed table and what Linux 6.12 does with it
 * @what: the node's compatible, "opp-kunit,bad-<what>"
 * @err: what dev_pm_opp_of_add_table() returns
 * @nr: the OPPs it loads, when @err is 0
 * @errors: the error lines it prints, each naming the device's or the
 *	table's node
 * @warnings: the warning lines it prints, each naming one of them too
 * @at_device: the lines name the device's node "/opp-kunit-bad-<what>"
 *	rather than its table's "/opp-kunit-bad-<table>-table"
 * @table: "<table>" when it is not @what
 * @hw_words: hardware version words to set before loading, 0 for none
 * @has_rate: an OPP at @rate must be among those loaded
 * @rate: see @has_rate
 * @level: when not 0, an OPP of this level must be among those loaded
 */
struct opp_of_bad_case {
	const char *what;
	int err;
	int nr;
	unsigned int errors;
	unsigned int warnings;
	bool at_device;
	const char *table;
	unsigned int hw_words;
	bool has_rate;
	unsigned long rate;
	unsigned int level;
};

#define FAILS(_err)		.err = _err, .errors = 1
#define LOADS(_nr)		.nr = _nr, .warnings = 1
#define HAS_RATE(_rate)		.has_rate = true, .rate = _rate

/*
 * The verdicts come from upstream's of.c and core.c: what
 * _of_add_table_indexed(), _of_add_opp_table_v2/v1(), _opp_add_static_v2()
 * (_read_opp_key(), _opp_is_supported(), _of_opp_alloc_required_opps(),
 * opp_parse_supplies()) and _opp_add() (_opp_is_duplicate()) do with each
 * table, and the OF helpers they call (of_property_read_u32() reads the
 * first cell of a longer property; of_property_read_u64_array() reads the
 * count it is given; of_count_phandle_with_args() without a cell name
 * counts whole cells). Where Linux loads, the core loads the same OPPs with
 * one warning; where it fails, the core fails with its error. The two
 * required-opps loops are refused beyond Linux, which loads them and leaks.
 */
static const struct opp_of_bad_case opp_of_bad_cases[] = {
	/* wrong cell counts */
	{ "hz32", FAILS(-EINVAL) },		/* 0 rates for 1 clock */
	{ "hz96", LOADS(1), HAS_RATE(1000000) },	/* 1 rate, first 8 bytes */
	{ "hz-2clk", FAILS(-EINVAL) },		/* 2 rates for 1 clock */
	{ "level-cells", LOADS(1), .level = 1 },	/* the first cell */
	{ "latency-cells", LOADS(1) },		/* the first cell */
	{ "uv-count", FAILS(-EINVAL) },		/* 2 values, 1 supply */
	{ "uv4", FAILS(-EINVAL) },
	{ "ua-count", FAILS(-EINVAL) },
	{ "uw-count", FAILS(-EINVAL) },
	{ "bw-nopath", FAILS(-EINVAL) },	/* 1 bandwidth, 0 paths */
	/* _opp_is_supported() skips it with a dev_err(): no OPP left (two) */
	{ "hw", .err = -ENOENT, .errors = 2, .hw_words = 2 },
	/* missing, zero and overflowing keys */
	{ "nokey", FAILS(-ENODEV) },		/* _read_bw()'s -ENODEV */
	{ "zero", LOADS(1), HAS_RATE(0) },	/* no check on 0 */
	{ "hz-overflow", LOADS(2), HAS_RATE(ULONG_MAX) },
	/* "opp-level" is found; before 6.8 (6.1) the value is a level */
	{ "level-unset", .nr = 1, .warnings = !!OPP_LEVEL_UNSET },
	/* triplets out of order: not checked */
	{ "window", LOADS(1) },
	{ "window2", LOADS(2) },
	/*
	 * same rate and level, other voltage: _opp_is_duplicate() warns, then
	 * the load fails with an error
	 */
	{ "dup", FAILS(-EEXIST), .warnings = 1 },
	{ "unsorted-dup", FAILS(-EEXIST), .warnings = 1 },
	{ "dup-level", FAILS(-EEXIST), .warnings = 1 },
	/*
	 * nothing to load: "Empty OPP table" (a warning), "OPP table empty"
	 * (_bandwidth_supported()), "no supported OPPs"
	 */
	{ "empty", .err = -ENOENT, .errors = 2, .warnings = 1 },
	{ "disabled", .err = -ENOENT, .errors = 2, .warnings = 1 },
	{ "disabled-all", .err = -ENOENT, .errors = 2, .warnings = 1 },
	{ "none", .err = -ENODEV },		/* v1 path, silent */
	/*
	 * required-opps: the required table is not loaded, linking waits.
	 * Overlays attach nodes in reverse, so the first OPP of "required"
	 * is opp-2, without required-opps: the table requires nothing.
	 */
	{ "required", LOADS(2) },		/* opp-1's are ignored */
	{ "required-gap", LOADS(2) },		/* opp-2 lacks the entry */
	{ "required-self", FAILS(-EINVAL) },	/* refused: Linux leaks */
	{ "required-cycle", FAILS(-EINVAL) },	/* refused: Linux leaks */
	{ "required-notopp", LOADS(1) },	/* waits for ever */
	/* an entry of the first OPP names no node: nothing is required */
	{ "required-null", LOADS(1) },
	{ "required-string", LOADS(1) },
	/* strings where numbers belong */
	{ "string", FAILS(-EINVAL) },		/* 5 bytes, 0 rates */
	{ "level", LOADS(1), .level = 0x68696768 },	/* "high" */
	{ "latency-string", LOADS(1) },
	{ "uv-string", FAILS(-EINVAL) },	/* not whole cells */
	{ "hw-string", .err = -ENOENT, .errors = 2, .hw_words = 2 },
	/* the legacy binding, alone and with v2 */
	{ "v1-odd", FAILS(-EINVAL), .at_device = true },
	{ "v1-empty", LOADS(0), .at_device = true },	/* 0 pairs, 0 */
	{ "v1-zero", LOADS(2), .at_device = true, HAS_RATE(0) },
	{ "v1-string", FAILS(-EINVAL), .at_device = true },	/* 1 cell */
	{ "v1-dup", FAILS(-EEXIST), .warnings = 1, .at_device = true },
	{ "v1v2", FAILS(-EINVAL), .warnings = 1, .table = "hz32" },
	/* an entry that names no node: v1 is loaded instead */
	{ "v2-dangling", LOADS(1), .at_device = true, HAS_RATE(1000000) },
	{ "v2-string", .err = -ENODEV, .warnings = 1, .at_device = true },
};

static void opp_of_bad_desc(const struct opp_of_bad_case *c, char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "%s", c->what);
}

KUNIT_ARRAY_PARAM(opp_of_bad, opp_of_bad_cases, opp_of_bad_desc);

OPP_KUNIT_SUITE_OVERLAY(opp_of_bad, opp_of_bad_kunit);

static struct device *opp_of_bad_device(struct kunit *test, const char *what)
{
	char *compatible = kunit_kzalloc(test, 64, GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, compatible);
	snprintf(compatible, 64, "opp-kunit,bad-%s", what);
	return opp_kunit_of_device(test, compatible);
}

static unsigned int opp_of_node_refs(struct device_node *np)
{
	return np ? kref_read(&np->kobj.kref) : 0;
}

/* The references of an OPP node and of the nodes its required-opps name. */
static unsigned int opp_of_opp_node_refs(struct device_node *np)
{
	struct device_node *req;
	unsigned int refs = opp_of_node_refs(np), i;

	for (i = 0; (req = of_parse_phandle(np, "required-opps", i)); i++) {
		refs += opp_of_node_refs(req);
		of_node_put(req);
	}
	return refs;
}

/*
 * References held on the device's node, its first table node and that
 * table's OPP nodes (and what they require): every OPP and table the core
 * keeps holds one, so a load that leaves nothing behind leaves these as
 * they were.
 */
static unsigned int opp_of_table_refs(struct device *dev)
{
	struct device_node *table __free(device_node) =
		of_parse_phandle(dev->of_node, "operating-points-v2", 0);
	unsigned int refs = opp_of_node_refs(dev->of_node);
	struct device_node *child;

	refs += opp_of_node_refs(table);
	if (table)
		for_each_child_of_node(table, child)
			refs += opp_of_opp_node_refs(child);
	return refs;
}

/* Every captured line names the device's or the table's node. */
static void opp_of_expect_lines(struct kunit *test,
				struct fake_console *lines,
				unsigned int nr, const char *node,
				const char *devnode)
{
	const char *line;
	unsigned int i;

	KUNIT_EXPECT_EQ(test, fake_console_count(lines), nr);
	for (i = 0; i < min(nr, FAKE_CON_LINES); i++) {
		line = fake_console_line(lines, i);
		KUNIT_EXPECT_TRUE_MSG(test, strstr(line, node) ||
				      strstr(line, devnode),
				      "\"%s\" names neither %s nor %s", line,
				      node, devnode);
	}
}

/* The OPPs a case must have loaded are there. */
static void opp_of_bad_expect_opps(struct kunit *test, struct device *dev,
				   const struct opp_of_bad_case *c)
{
	unsigned long rate = c->rate;
	struct dev_pm_opp *opp;

	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_opp_count(dev), c->nr);
	if (c->has_rate) {
		opp = dev_pm_opp_find_freq_ceil(dev, &rate);
		KUNIT_EXPECT_FALSE(test, IS_ERR(opp));
		KUNIT_EXPECT_EQ(test, rate, c->rate);
		dev_pm_opp_put(opp);
	}
	if (c->level) {
		opp = dev_pm_opp_find_level_exact(dev, c->level);
		KUNIT_EXPECT_FALSE(test, IS_ERR(opp));
		dev_pm_opp_put(opp);
	}
}

/*
 * A malformed table loads what Linux loads from it, or fails with Linux's
 * error; the lines printed name the node at fault. A failed load leaves no
 * table, no OPP and no node reference behind, and so does the removal of a
 * table that loaded.
 */
static void opp_of_bad_table_as_linux(struct kunit *test)
{
	static const u32 versions[] = { 0x1, 0x1, 0x1 };
	const struct opp_of_bad_case *c = test->param_value;
	struct device *dev = opp_of_bad_device(test, c->what);
	struct fake_console *errors = fake_console(test, dev, LOGLEVEL_ERR);
	struct fake_console *lines = fake_console(test, dev, LOGLEVEL_WARNING);
	unsigned int refs = opp_of_table_refs(dev);
	char node[64], devnode[64];
	int token = 0;

	snprintf(devnode, sizeof(devnode), "/opp-kunit-bad-%s", c->what);
	snprintf(node, sizeof(node), c->at_device ? "/opp-kunit-bad-%s" :
		 "/opp-kunit-bad-%s-table", c->table ?: c->what);

	if (c->hw_words) {
		token = dev_pm_opp_set_supported_hw(dev, versions, c->hw_words);
		KUNIT_ASSERT_GT(test, token, 0);
	}

	fake_console_reset(errors);
	fake_console_reset(lines);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_of_add_table(dev), c->err);
	opp_of_expect_lines(test, errors, c->errors, node, devnode);
	opp_of_expect_lines(test, lines, c->errors + c->warnings, node,
			    devnode);

	if (!c->err) {
		opp_of_bad_expect_opps(test, dev, c);
		dev_pm_opp_of_remove_table(dev);
	}
	if (token)
		dev_pm_opp_put_supported_hw(token);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_opp_count(dev), -ENODEV);
	opp_flush_releases();
	KUNIT_EXPECT_EQ(test, opp_of_table_refs(dev), refs);
}

/*
 * "opp-supported-hw" must hold whole versions of the hardware's words: as in
 * Linux, an OPP whose property does not is skipped, and one that does is
 * matched.
 */
static void opp_of_bad_supported_hw_words(struct kunit *test)
{
	static const u32 versions[] = { 0x1, 0x1, 0x1 };
	struct device *dev = opp_of_bad_device(test, "hw");
	int token;

	token = dev_pm_opp_set_supported_hw(dev, versions, 2);
	KUNIT_ASSERT_GT(test, token, 0);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_of_add_table(dev), -ENOENT);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_opp_count(dev), 0);
	dev_pm_opp_put_supported_hw(token);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_opp_count(dev), -ENODEV);

	token = dev_pm_opp_set_supported_hw(dev, versions, 3);
	KUNIT_ASSERT_GT(test, token, 0);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_of_add_table(dev), 0);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_opp_count(dev), 1);
	dev_pm_opp_of_remove_table(dev);
	dev_pm_opp_put_supported_hw(token);
}

/* The live tree lists opp-1 of "required-gap", which requires, first. */
static void opp_of_bad_assert_gap_order(struct kunit *test, struct device *dev)
{
	struct device_node *table __free(device_node) =
		of_parse_phandle(dev->of_node, "operating-points-v2", 0);
	struct device_node *first __free(device_node) =
		of_get_next_available_child(table, NULL);

	KUNIT_ASSERT_NOT_NULL(test, first);
	KUNIT_ASSERT_TRUE(test, of_property_present(first, "required-opps"));
}

/*
 * The required table of "required-gap" loaded first: Linux links at once,
 * and the OPP without the entry fails the table with -ENODEV
 * (_link_required_opps()).
 */
static void opp_of_bad_required_entry_missing_when_loaded(struct kunit *test)
{
	struct device *dom = opp_of_bad_device(test, "dom");
	struct device *dev = opp_of_bad_device(test, "required-gap");
	struct fake_console *errors = fake_console(test, dev, LOGLEVEL_ERR);

	opp_of_bad_assert_gap_order(test, dev);
	KUNIT_ASSERT_EQ(test, dev_pm_opp_of_add_table(dom), 0);
	fake_console_reset(errors);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_of_add_table(dev), -ENODEV);
	KUNIT_EXPECT_EQ(test, fake_console_count(errors), 1);
	KUNIT_EXPECT_NOT_NULL(test, strstr(fake_console_line(errors, 0),
					   "/opp-kunit-bad-required-gap-table/"));
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_opp_count(dev), -ENODEV);
}

/*
 * The other way round: "required-gap" loaded first. When the required table
 * comes, the OPP that cannot be linked is disabled (Linux dereferences the
 * missing link there); the other stays.
 */
static void opp_of_bad_required_entry_missing_later(struct kunit *test)
{
	struct device *dev = opp_of_bad_device(test, "required-gap");
	struct device *dom = opp_of_bad_device(test, "dom");

	opp_of_bad_assert_gap_order(test, dev);
	KUNIT_ASSERT_EQ(test, dev_pm_opp_of_add_table(dev), 0);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_opp_count(dev), 2);
	KUNIT_ASSERT_EQ(test, dev_pm_opp_of_add_table(dom), 0);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_opp_count(dev), 1);
	opp_kunit_find_exact(test, dev, 1000000, true);
	opp_kunit_find_exact(test, dev, 2000000, false);
}

/* A failed load can be retried once the platform fixes its settings. */
static void opp_of_bad_load_leaves_table_reusable(struct kunit *test)
{
	struct device *dev = opp_of_bad_device(test, "hw");

	/* Without versions the only OPP, which has the property, is skipped. */
	KUNIT_EXPECT_EQ(test, dev_pm_opp_of_add_table(dev), -ENOENT);
	opp_kunit_add(test, dev, 1000000, 900000);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_opp_count(dev), 1);
	dev_pm_opp_remove_table(dev);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_opp_count(dev), 1);
}

/* make check's huge table is quick; make fuzz sets 1000. */
static unsigned int big_nr = 100;
module_param(big_nr, uint, 0444);
MODULE_PARM_DESC(big_nr, "OPPs in the table of opp_of_bad_huge_table_loads");

/**
 * struct opp_of_big - the OPP nodes the huge table gets at run time
 * @cs: the changeset that attaches them
 * @np: each node, referenced
 * @nr: nodes in @np
 * @applied: @cs is attached
 */
struct opp_of_big {
	struct of_changeset cs;
	struct device_node **np;
	unsigned int nr;
	bool applied;
};

static void opp_of_big_detach(void *data)
{
	struct opp_of_big *big = data;
	unsigned int i;

	if (big->applied)
		of_changeset_revert(&big->cs);
	of_changeset_destroy(&big->cs);
	for (i = 0; i < big->nr; i++)
		of_node_put(big->np[i]);
}

/* Node i of the huge table: opp-hz is 64 bits, two cells. */
static struct device_node *opp_of_big_node(struct of_changeset *cs,
					   struct device_node *table,
					   unsigned int i)
{
	u64 hz = BIG_RATE(i);
	const u32 cells[] = { upper_32_bits(hz), lower_32_bits(hz) };
	struct device_node *np;
	char name[24];

	snprintf(name, sizeof(name), "opp-%04u", i);
	np = of_changeset_create_node(cs, table, name);
	if (!np)
		return NULL;
	if (of_changeset_add_prop_u32_array(cs, np, "opp-hz", cells, 2) ||
	    of_changeset_add_prop_u32(cs, np, "opp-microvolt", BIG_UV(i))) {
		of_node_put(np);
		return NULL;
	}
	return np;
}

/*
 * Fills @dev's empty table with big_nr OPPs, in ascending order (attaching
 * puts a node first among its siblings: the last is made first).
 */
static void opp_of_big_fill(struct kunit *test, struct device *dev)
{
	struct device_node *table __free(device_node) =
		of_parse_phandle(dev->of_node, "operating-points-v2", 0);
	struct opp_of_big *big = kunit_kzalloc(test, sizeof(*big), GFP_KERNEL);
	unsigned int i;

	KUNIT_ASSERT_NOT_NULL(test, table);
	KUNIT_ASSERT_NOT_NULL(test, big);
	big->np = kunit_kcalloc(test, big_nr, sizeof(*big->np), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, big->np);
	of_changeset_init(&big->cs);
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, opp_of_big_detach,
							big), 0);
	for (i = big_nr; i-- > 0; big->nr++) {
		big->np[big->nr] = opp_of_big_node(&big->cs, table, i);
		KUNIT_ASSERT_NOT_NULL(test, big->np[big->nr]);
	}
	KUNIT_ASSERT_EQ(test, of_changeset_apply(&big->cs), 0);
	big->applied = true;
}

static int opp_of_big_rate_ok(struct device *dev, unsigned int i)
{
	unsigned long freq = BIG_RATE(i);
	struct dev_pm_opp *opp = dev_pm_opp_find_freq_ceil(dev, &freq);
	int ok;

	if (IS_ERR(opp))
		return 0;
	ok = freq == BIG_RATE(i) && dev_pm_opp_get_voltage(opp) == BIG_UV(i);
	dev_pm_opp_put(opp);
	return ok;
}

/*
 * A table of big_nr OPPs is well formed: nothing in the binding or the core
 * limits a table's size. It loads whole, sorted, and goes away whole.
 */
static void opp_of_bad_huge_table_loads(struct kunit *test)
{
	struct device *dev;
	unsigned int i, bad = 0, refs;

	KUNIT_ASSERT_EQ(test, of_overlay_apply_kunit(test, opp_of_big_kunit), 0);
	dev = opp_kunit_of_device(test, "opp-kunit,big");
	opp_of_big_fill(test, dev);
	refs = opp_of_table_refs(dev);

	KUNIT_ASSERT_EQ(test, dev_pm_opp_of_add_table(dev), 0);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_opp_count(dev), big_nr);
	for (i = 0; i < big_nr; i++)
		bad += !opp_of_big_rate_ok(dev, i);
	KUNIT_EXPECT_EQ(test, bad, 0);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_suspend_opp_freq(dev), 0);

	/* Removing the table gives every node reference back before it returns. */
	dev_pm_opp_of_remove_table(dev);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_opp_count(dev), -ENODEV);
	KUNIT_EXPECT_EQ(test, opp_of_table_refs(dev), refs);
}

static struct kunit_case opp_of_bad_test_cases[] = {
	KUNIT_CASE_PARAM(opp_of_bad_table_as_linux, opp_of_bad_gen_params),
	KUNIT_CASE(opp_of_bad_supported_hw_words),
	KUNIT_CASE(opp_of_bad_required_entry_missing_when_loaded),
	KUNIT_CASE(opp_of_bad_required_entry_missing_later),
	KUNIT_CASE(opp_of_bad_load_leaves_table_reusable),
	KUNIT_CASE_SLOW(opp_of_bad_huge_table_loads),
	{}
};

static struct kunit_suite opp_of_bad_suite = {
	.name = "opp_of_bad",
	.suite_init = opp_of_bad_suite_init,
	.suite_exit = opp_of_bad_suite_exit,
	.test_cases = opp_of_bad_test_cases,
};

kunit_test_suites(&opp_of_suite, &opp_of_bad_suite);
