// SPDX-License-Identifier: GPL-2.0-only
/*
 * KUnit suites opp_of and opp_of_bad: loading device tree OPP tables.
 *
 * Each case applies an overlay of ours (opp_of_kunit.dtso, or
 * opp_of_bad_kunit.dtso for malformed tables, opp_of_big_kunit.dtso for a
 * table of BIG_NR OPPs), binds a bare device to one of its nodes and loads
 * the node's table. Expected values come from of_kunit.h, which the overlays
 * include too.
 */

#include <kunit/of.h>
#include <kunit/test.h>
#include <linux/device.h>
#include <linux/of.h>
#include <linux/pm_opp.h>

#include "../opp.h"
#include "of_kunit.h"
#include "opp_kunit_helpers.h"

static int opp_of_init(struct kunit *test)
{
	return of_overlay_apply_kunit(test, opp_of_kunit);
}

/* A device of the good overlay with its table loaded. */
static struct device *opp_of_loaded(struct kunit *test, const char *compatible)
{
	struct device *dev = opp_kunit_of_device(test, compatible);

	KUNIT_ASSERT_EQ(test, dev_pm_opp_of_add_table(dev), 0);
	return dev;
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

/* Triplets, currents, latencies, suspend and turbo are read as written. */
static void opp_of_seed_table_attributes(struct kunit *test)
{
	struct device *dev = opp_of_loaded(test, "opp-kunit,seed-0");
	struct dev_pm_opp_supply supply;
	struct device_node *np;
	struct dev_pm_opp *opp;

	opp = opp_of_exact(test, dev, SEED_F1);
	KUNIT_ASSERT_EQ(test, dev_pm_opp_get_supplies(opp, &supply), 0);
	KUNIT_EXPECT_EQ(test, supply.u_volt, SEED_V1);
	KUNIT_EXPECT_EQ(test, supply.u_volt_min, SEED_V1_MIN);
	KUNIT_EXPECT_EQ(test, supply.u_volt_max, SEED_V1_MAX);
	KUNIT_EXPECT_EQ(test, supply.u_amp, SEED_A1);
	KUNIT_EXPECT_FALSE(test, dev_pm_opp_is_turbo(opp));

	opp = opp_of_exact(test, dev, SEED_F2);
	KUNIT_ASSERT_EQ(test, dev_pm_opp_get_supplies(opp, &supply), 0);
	KUNIT_EXPECT_EQ(test, supply.u_volt_min, SEED_V2_MIN);
	KUNIT_EXPECT_EQ(test, supply.u_amp, SEED_A2);
	np = dev_pm_opp_get_of_node(opp);
	KUNIT_ASSERT_NOT_NULL(test, np);
	KUNIT_EXPECT_STREQ(test, kbasename(of_node_full_name(np)),
			   "opp-1100000000");
	of_node_put(np);

	opp = opp_of_exact(test, dev, SEED_F3);
	KUNIT_EXPECT_TRUE(test, dev_pm_opp_is_turbo(opp));

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
	struct dev_pm_opp *opp;
	int token;

	token = dev_pm_opp_set_prop_name(dev, "fast");
	KUNIT_ASSERT_GT(test, token, 0);
	KUNIT_ASSERT_EQ(test, dev_pm_opp_of_add_table(dev), 0);

	opp = opp_of_exact(test, dev, NAMED_F1);
	KUNIT_ASSERT_EQ(test, dev_pm_opp_get_supplies(opp, &supply), 0);
	KUNIT_EXPECT_EQ(test, supply.u_volt, NAMED_V_FAST);
	KUNIT_EXPECT_EQ(test, supply.u_amp, NAMED_A_FAST);

	/* Configuration must come before the OPPs. */
	KUNIT_EXPECT_EQ(test, dev_pm_opp_set_prop_name(dev, "slow"), -EBUSY);
	dev_pm_opp_of_remove_table(dev);
	dev_pm_opp_put_prop_name(token);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_opp_count(dev), -ENODEV);
}

/* Hardware versions keep the OPPs one of whose versions matches. */
static void opp_of_supported_hw_filters_opps(struct kunit *test)
{
	static const u32 versions[] = { 0x2, 0x1 };
	struct device *dev = opp_kunit_of_device(test, "opp-kunit,hw");
	int token;

	token = dev_pm_opp_set_supported_hw(dev, versions, ARRAY_SIZE(versions));
	KUNIT_ASSERT_GT(test, token, 0);
	KUNIT_ASSERT_EQ(test, dev_pm_opp_of_add_table(dev), 0);

	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_opp_count(dev), 1);
	opp_of_exact(test, dev, HW_F2);

	dev_pm_opp_of_remove_table(dev);
	dev_pm_opp_put_supported_hw(token);
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
	KUNIT_EXPECT_EQ(test, of_get_required_opp_performance_state(np, 0),
			-EINVAL);
	KUNIT_ASSERT_EQ(test, dev_pm_opp_of_add_table(domain), 0);
	KUNIT_EXPECT_EQ(test, of_get_required_opp_performance_state(np, 0),
			DOM_L1);
	KUNIT_EXPECT_EQ(test, of_get_required_opp_performance_state(np, 1),
			-ENODEV);
	of_node_put(np);
}

/* Bandwidth-only tables: one peak per interconnect path. */
static void opp_of_bandwidth_only_table(struct kunit *test)
{
	struct device *dev;
	unsigned int bw = BW_P1 + 1;
	struct dev_pm_opp *opp;

	opp_kunit_icc_provider(test, "opp-kunit,icc", 5);
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

/* The legacy binding: kHz pairs, tolerance and latency on the device. */
static void opp_of_v1_table(struct kunit *test)
{
	struct device *dev = opp_of_loaded(test, "opp-kunit,v1");
	struct dev_pm_opp_supply supply;
	struct dev_pm_opp *opp;

	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_opp_count(dev), 2);
	opp = opp_of_exact(test, dev, V1_K2 * 1000UL);
	KUNIT_ASSERT_EQ(test, dev_pm_opp_get_supplies(opp, &supply), 0);
	KUNIT_EXPECT_EQ(test, supply.u_volt, V1_U2);
	KUNIT_EXPECT_EQ(test, supply.u_volt_min, V1_U2 - V1_U2 * V1_TOL / 100);
	KUNIT_EXPECT_EQ(test, supply.u_volt_max, V1_U2 + V1_U2 * V1_TOL / 100);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_max_clock_latency(dev), V1_LAT);
	KUNIT_EXPECT_NULL(test, dev_pm_opp_get_of_node(opp));
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

/* A table loaded whole is published at once: notifiers see every OPP. */
static void opp_of_load_notifies_each_opp(struct kunit *test)
{
	struct device *dev = opp_kunit_of_device(test, "opp-kunit,seed-0");
	struct opp_kunit_events *rec;

	/* A dynamic OPP makes the table exist before the load. */
	opp_kunit_add(test, dev, SEED_F_OFF, SEED_V3);
	rec = opp_kunit_record_events(test, dev);
	KUNIT_ASSERT_EQ(test, dev_pm_opp_of_add_table(dev), 0);

	KUNIT_ASSERT_EQ(test, rec->nr, 3);
	KUNIT_EXPECT_EQ(test, rec->event[0], OPP_EVENT_ADD);
	KUNIT_EXPECT_EQ(test, rec->freq[0], SEED_F1);
	KUNIT_EXPECT_EQ(test, rec->freq[2], SEED_F3);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_opp_count(dev), 4);
}

static struct kunit_case opp_of_cases[] = {
	KUNIT_CASE(opp_of_seed_table_loads_enabled_opps),
	KUNIT_CASE(opp_of_seed_table_attributes),
	KUNIT_CASE(opp_of_shared_table_is_shared),
	KUNIT_CASE(opp_of_private_table_per_device),
	KUNIT_CASE(opp_of_loads_are_counted),
	KUNIT_CASE(opp_of_device_without_table),
	KUNIT_CASE(opp_of_devm_table_goes_with_devres),
	KUNIT_CASE(opp_of_devm_failed_load_keeps_nothing),
	KUNIT_CASE(opp_of_plain_props_without_prop_name),
	KUNIT_CASE(opp_of_prop_name_selects_named_props),
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
	KUNIT_CASE(opp_of_lint_table_still_loads),
	KUNIT_CASE(opp_of_load_notifies_each_opp),
	{}
};

static struct kunit_suite opp_of_suite = {
	.name = "opp_of",
	.init = opp_of_init,
	.test_cases = opp_of_cases,
};

/**
 * enum opp_of_bad_where - which node the error message of a case names
 * @BAD_AT_TABLE: a node of the table "/opp-kunit-bad-<what>-table" (or the
 *	table node itself)
 * @BAD_AT_DEVICE: the device's node "/opp-kunit-bad-<what>"
 * @BAD_SILENT: no error is printed
 */
enum opp_of_bad_where {
	BAD_AT_TABLE,
	BAD_AT_DEVICE,
	BAD_SILENT,
};

/**
 * struct opp_of_bad_case - a malformed table and how its load must fail
 * @what: the node's compatible, "opp-kunit,bad-<what>"
 * @err: the error dev_pm_opp_of_add_table() must return
 * @where: which node the one error message names
 * @table: for @BAD_AT_TABLE, "<table>" in "/opp-kunit-bad-<table>-table" when
 *	it is not @what
 * @hw_words: hardware version words to set before loading, 0 for none
 */
struct opp_of_bad_case {
	const char *what;
	int err;
	enum opp_of_bad_where where;
	const char *table;
	unsigned int hw_words;
};

static const struct opp_of_bad_case opp_of_bad_cases[] = {
	/* wrong cell counts */
	{ "hz32", -EINVAL },
	{ "hz96", -EINVAL },
	{ "hz-2clk", -EINVAL },
	{ "level-cells", -EINVAL },
	{ "latency-cells", -EINVAL },
	{ "uv-count", -EINVAL },
	{ "uv4", -EINVAL },
	{ "ua-count", -EINVAL },
	{ "uw-count", -EINVAL },
	{ "bw-nopath", -EINVAL },
	{ "hw", -EINVAL, .hw_words = 2 },
	/* missing, zero and overflowing keys */
	{ "nokey", -EINVAL },
	{ "zero", -EINVAL },
	{ "hz-overflow", -EINVAL },
	{ "level-unset", -EINVAL },
	/* triplets out of order */
	{ "window", -EINVAL },
	{ "window2", -EINVAL },
	/* duplicates, sorted or not */
	{ "dup", -EINVAL },
	{ "unsorted-dup", -EINVAL },
	{ "dup-level", -EINVAL },
	/* nothing to load */
	{ "empty", -ENOENT },
	{ "disabled", -ENOENT },
	{ "disabled-all", -ENOENT },
	{ "none", -ENODEV, BAD_SILENT },
	/* required-opps */
	{ "required", -EINVAL },
	{ "required-self", -EINVAL },
	{ "required-cycle", -EINVAL },
	{ "required-notopp", -EINVAL },
	{ "required-null", -EINVAL },
	{ "required-string", -EINVAL },
	/* strings where numbers belong */
	{ "string", -EINVAL },
	{ "level", -EINVAL },
	{ "latency-string", -EINVAL },
	{ "uv-string", -EINVAL },
	{ "hw-string", -EINVAL, .hw_words = 2 },
	/* the legacy binding, alone and with v2 */
	{ "v1-odd", -EINVAL, BAD_AT_DEVICE },
	{ "v1-empty", -ENODATA, BAD_AT_DEVICE },
	{ "v1-zero", -EINVAL, BAD_AT_DEVICE },
	{ "v1-string", -EINVAL, BAD_AT_DEVICE },
	{ "v1v2", -EINVAL, BAD_AT_TABLE, "hz32" },
	{ "v2-dangling", -EINVAL, BAD_AT_DEVICE },
	{ "v2-string", -EINVAL, BAD_AT_DEVICE },
};

static void opp_of_bad_desc(const struct opp_of_bad_case *c, char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "%s", c->what);
}

KUNIT_ARRAY_PARAM(opp_of_bad, opp_of_bad_cases, opp_of_bad_desc);

static int opp_of_bad_ovcs;

/* Applied once: the cases only read it, and it is large. */
static int opp_of_bad_suite_init(struct kunit_suite *suite)
{
	return opp_kunit_overlay_apply(opp_of_bad_kunit, &opp_of_bad_ovcs);
}

static void opp_of_bad_suite_exit(struct kunit_suite *suite)
{
	opp_flush_releases();
	of_overlay_remove(&opp_of_bad_ovcs);
}

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

/*
 * A malformed table fails as a whole with one error message naming the node,
 * and leaves no table, no OPP and no node reference behind.
 */
static void opp_of_bad_table_fails_whole(struct kunit *test)
{
	static const u32 versions[] = { 0x1, 0x1, 0x1 };
	const struct opp_of_bad_case *c = test->param_value;
	struct device *dev = opp_of_bad_device(test, c->what);
	struct opp_kunit_errors *errors = opp_kunit_capture_errors(test, dev);
	unsigned int refs = opp_of_table_refs(dev);
	char node[64];
	int token = 0;

	if (c->where == BAD_AT_DEVICE)
		snprintf(node, sizeof(node), "/opp-kunit-bad-%s", c->what);
	else
		snprintf(node, sizeof(node), "/opp-kunit-bad-%s-table",
			 c->table ?: c->what);

	if (c->hw_words) {
		token = dev_pm_opp_set_supported_hw(dev, versions, c->hw_words);
		KUNIT_ASSERT_GT(test, token, 0);
	}

	opp_kunit_errors_reset(errors);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_of_add_table(dev), c->err);
	KUNIT_ASSERT_EQ(test, opp_kunit_errors_count(errors),
			c->where == BAD_SILENT ? 0 : 1);
	if (c->where != BAD_SILENT)
		KUNIT_EXPECT_NOT_NULL_MSG(test,
					  strstr(opp_kunit_error(errors, 0), node),
					  "message \"%s\" does not name %s",
					  opp_kunit_error(errors, 0), node);

	if (token)
		dev_pm_opp_put_supported_hw(token);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_opp_count(dev), -ENODEV);
	KUNIT_EXPECT_EQ(test, opp_of_table_refs(dev), refs);
}

/* "opp-supported-hw" must hold whole versions of the hardware's words. */
static void opp_of_bad_supported_hw_cells(struct kunit *test)
{
	static const u32 versions[] = { 0x1, 0x1 };
	struct device *dev = opp_of_bad_device(test, "hw");
	int token;

	token = dev_pm_opp_set_supported_hw(dev, versions, ARRAY_SIZE(versions));
	KUNIT_ASSERT_GT(test, token, 0);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_of_add_table(dev), -EINVAL);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_opp_count(dev), 0);
	dev_pm_opp_put_supported_hw(token);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_opp_count(dev), -ENODEV);
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
 * A table of BIG_NR OPPs is well formed: nothing in the binding or the core
 * limits a table's size. It loads whole, sorted, and goes away whole.
 */
static void opp_of_bad_huge_table_loads(struct kunit *test)
{
	struct device *dev;
	unsigned int i, bad = 0, refs;

	KUNIT_ASSERT_EQ(test, of_overlay_apply_kunit(test, opp_of_big_kunit), 0);
	dev = opp_kunit_of_device(test, "opp-kunit,big");
	refs = opp_of_table_refs(dev);

	KUNIT_ASSERT_EQ(test, dev_pm_opp_of_add_table(dev), 0);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_opp_count(dev), BIG_NR);
	for (i = 0; i < BIG_NR; i++)
		bad += !opp_of_big_rate_ok(dev, i);
	KUNIT_EXPECT_EQ(test, bad, 0);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_suspend_opp_freq(dev), 0);

	/* Removing the table gives every node reference back before it returns. */
	dev_pm_opp_of_remove_table(dev);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_opp_count(dev), -ENODEV);
	KUNIT_EXPECT_EQ(test, opp_of_table_refs(dev), refs);
}

static struct kunit_case opp_of_bad_test_cases[] = {
	KUNIT_CASE_PARAM(opp_of_bad_table_fails_whole, opp_of_bad_gen_params),
	KUNIT_CASE(opp_of_bad_supported_hw_cells),
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
