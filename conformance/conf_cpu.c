// SPDX-License-Identifier: GPL-2.0-only
/*
 * opp_conf_cpu: CPUs sharing a table, told by the caller or by the device
 * tree (on nodes the cases bind to CPU 0 and 1 while they run).
 * opp_conf_cpufreq: the cpufreq frequency table made from a table.
 * opp_conf_em: the energy model registered from a table.
 */

#include <kunit/test.h>
#include <linux/cpu.h>
#include <linux/cpufreq.h>
#include <linux/cpumask.h>
#include <linux/device.h>
#include <linux/energy_model.h>
#include <linux/err.h>
#include <linux/of.h>
#include <linux/pm_opp.h>
#include <linux/rcupdate.h>

#include "conf.h"

#define CP_F1	500000000UL
#define CP_F2	1000000000UL
#define CP_U1	900000UL
#define CP_U2	1000000UL

KUNIT_DEFINE_ACTION_WRAPPER(cp_remove_dynamic, dev_pm_opp_remove_all_dynamic,
			    struct device *);

/* CPU @cpu's device; its added OPPs go when the test ends. */
static struct device *cp_cpu(struct kunit *test, unsigned int cpu)
{
	struct device *dev;

	KUNIT_ASSERT_EQ_MSG(test, num_possible_cpus(), 2,
			    "these cases expect two possible CPUs");
	dev = get_cpu_device(cpu);
	KUNIT_ASSERT_NOT_NULL(test, dev);
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, cp_remove_dynamic,
							dev), 0);
	return dev;
}

/* CPU 0 with two added OPPs. */
static struct device *cp_cpu0_table(struct kunit *test)
{
	struct device *dev = cp_cpu(test, 0);

	conf_add(test, dev, CP_F1, CP_U1);
	conf_add(test, dev, CP_F2, CP_U2);
	return dev;
}

static struct cpumask *cp_mask(struct kunit *test, bool cpu0, bool cpu1)
{
	struct cpumask *mask = kunit_kzalloc(test, cpumask_size(), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, mask);
	if (cpu0)
		cpumask_set_cpu(0, mask);
	if (cpu1)
		cpumask_set_cpu(1, mask);
	return mask;
}

/* Marking CPU 1 as sharing CPU 0's table succeeds. */
static void conf_cpu_set_sharing_returns_zero(struct kunit *test)
{
	struct device *cpu0 = cp_cpu0_table(test);

	cp_cpu(test, 1);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_set_sharing_cpus(cpu0,
							  cp_mask(test, true,
								  true)),
			0);
}

/* Without a table on the CPU there is nothing to share: -ENODEV. */
static void conf_cpu_set_sharing_without_table_is_enodev(struct kunit *test)
{
	struct device *cpu0 = cp_cpu(test, 0);

	KUNIT_EXPECT_EQ(test, dev_pm_opp_set_sharing_cpus(cpu0,
							  cp_mask(test, true,
								  true)),
			-ENODEV);
}

/* Once shared, the other CPU sees the same OPPs. */
static void conf_cpu_shared_cpu_sees_table(struct kunit *test)
{
	struct device *cpu0 = cp_cpu0_table(test);
	struct device *cpu1 = cp_cpu(test, 1);

	KUNIT_ASSERT_EQ(test, dev_pm_opp_set_sharing_cpus(cpu0,
							  cp_mask(test, true,
								  true)),
			0);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_opp_count(cpu1), 2);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_voltage(conf_exact(test, cpu1,
								CP_F2, true)),
			CP_U2);
}

/* Once shared, either CPU reports both as sharing. */
static void conf_cpu_get_sharing_after_set(struct kunit *test)
{
	struct device *cpu0 = cp_cpu0_table(test);
	struct device *cpu1 = cp_cpu(test, 1);
	struct cpumask *mask = cp_mask(test, false, false);

	KUNIT_ASSERT_EQ(test, dev_pm_opp_set_sharing_cpus(cpu0,
							  cp_mask(test, true,
								  true)),
			0);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_sharing_cpus(cpu1, mask), 0);
	KUNIT_EXPECT_TRUE(test, cpumask_equal(mask, cp_mask(test, true, true)));
}

/* A table of added OPPs, never said to be shared or not: -EINVAL. */
static void conf_cpu_get_sharing_unknown_is_einval(struct kunit *test)
{
	struct device *cpu0 = cp_cpu0_table(test);

	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_sharing_cpus(cpu0,
							  cp_mask(test, false,
								  false)),
			-EINVAL);
}

/* No table, no sharing: -ENODEV. */
static void conf_cpu_get_sharing_without_table_is_enodev(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_sharing_cpus(cp_cpu(test, 0),
							  cp_mask(test, false,
								  false)),
			-ENODEV);
}

static void cp_restore_node(void *data)
{
	struct device *dev = data;

	device_set_node(dev, NULL);
}

/* The node of @compatible stands for CPU @cpu's node while the test runs. */
static struct device *cp_cpu_node(struct kunit *test, unsigned int cpu,
				  const char *compatible)
{
	struct device *dev = cp_cpu(test, cpu);

	KUNIT_ASSERT_NULL_MSG(test, dev->of_node,
			      "CPU %u already has a device tree node", cpu);
	device_set_node(dev, of_fwnode_handle(conf_node(test, compatible)));
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, cp_restore_node,
							dev), 0);
	return dev;
}

/* Both CPUs on the opp-shared table (or on the unshared one). */
static struct device *cp_of_cpus(struct kunit *test, bool shared)
{
	struct device *cpu0;

	CONF_OVERLAY(test, conf_cpu);
	cpu0 = cp_cpu_node(test, 0, shared ? "conf,cpu0" : "conf,cpu0-excl");
	cp_cpu_node(test, 1, shared ? "conf,cpu1" : "conf,cpu1-excl");
	return cpu0;
}

/* opp-shared: every CPU whose node points at the table shares it. */
static void conf_cpu_of_sharing_from_opp_shared(struct kunit *test)
{
	struct device *cpu0 = cp_of_cpus(test, true);
	struct cpumask *mask = cp_mask(test, false, false);

	KUNIT_EXPECT_EQ(test, dev_pm_opp_of_get_sharing_cpus(cpu0, mask), 0);
	KUNIT_EXPECT_TRUE(test, cpumask_equal(mask, cp_mask(test, true, true)));
}

/* Without opp-shared a CPU shares with itself only. */
static void conf_cpu_of_sharing_unshared_is_self(struct kunit *test)
{
	struct device *cpu0 = cp_of_cpus(test, false);
	struct cpumask *mask = cp_mask(test, false, false);

	KUNIT_EXPECT_EQ(test, dev_pm_opp_of_get_sharing_cpus(cpu0, mask), 0);
	KUNIT_EXPECT_TRUE(test, cpumask_equal(mask, cp_mask(test, true, false)));
}

/* A CPU without operating-points-v2: -ENOENT. */
static void conf_cpu_of_sharing_without_node_is_enoent(struct kunit *test)
{
	struct device *cpu0 = cp_cpu(test, 0);

	KUNIT_ASSERT_NULL(test, cpu0->of_node);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_of_get_sharing_cpus(cpu0,
							     cp_mask(test, false,
								     false)),
			-ENOENT);
}

static void cp_cpumask_remove(void *mask)
{
	dev_pm_opp_of_cpumask_remove_table(mask);
}

/* Tables added for a CPU mask from an opp-shared node are one table. */
static void conf_cpu_of_cpumask_add_shares_table(struct kunit *test)
{
	struct device *cpu0 = cp_of_cpus(test, true);
	struct cpumask *both = cp_mask(test, true, true);
	struct cpumask *mask = cp_mask(test, false, false);

	KUNIT_ASSERT_EQ(test, dev_pm_opp_of_cpumask_add_table(both), 0);
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, cp_cpumask_remove,
							both), 0);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_sharing_cpus(cpu0, mask), 0);
	KUNIT_EXPECT_TRUE(test, cpumask_equal(mask, both));
	KUNIT_EXPECT_PTR_EQ(test, conf_table(test, cpu0),
			    conf_table(test, get_cpu_device(1)));
}

/* An empty CPU mask is a caller's bug: a WARN, and -ENODEV. */
static void conf_cpu_of_cpumask_add_empty_warns(struct kunit *test)
{
	struct fake_console *con = conf_console(test, NULL);
	struct cpumask *none = cp_mask(test, false, false);

	CONF_EXPECT_WARN(test, "dev_pm_opp_of_cpumask_add_table");
	KUNIT_EXPECT_EQ(test, dev_pm_opp_of_cpumask_add_table(none), -ENODEV);
	KUNIT_ASSERT_EQ(test, fake_console_count_level(con, FAKE_CON_SPLAT), 1);
	KUNIT_EXPECT_STREQ(test, fake_console_splat(con, 0),
			   "dev_pm_opp_of_cpumask_add_table");
}

/* Removing the tables of a CPU mask removes them for every CPU. */
static void conf_cpu_of_cpumask_remove_table(struct kunit *test)
{
	struct device *cpu0 = cp_of_cpus(test, true);
	struct cpumask *both = cp_mask(test, true, true);

	KUNIT_ASSERT_EQ(test, dev_pm_opp_of_cpumask_add_table(both), 0);
	dev_pm_opp_of_cpumask_remove_table(both);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_opp_count(cpu0), -ENODEV);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_opp_count(get_cpu_device(1)),
			-ENODEV);
}

/* dev_pm_opp_cpumask_remove_table() takes the DT tables of the CPUs too. */
static void conf_cpu_cpumask_remove_table_drops_dt_tables(struct kunit *test)
{
	struct device *cpu0 = cp_of_cpus(test, true);
	struct cpumask *both = cp_mask(test, true, true);

	KUNIT_ASSERT_EQ(test, dev_pm_opp_of_cpumask_add_table(both), 0);
	dev_pm_opp_cpumask_remove_table(both);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_opp_count(cpu0), -ENODEV);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_opp_count(get_cpu_device(1)),
			-ENODEV);
}

/*
 * Added OPPs are not the DT's to remove: they stay, and a CPU without a
 * table in the mask is passed over.
 */
static void conf_cpu_cpumask_remove_table_keeps_added(struct kunit *test)
{
	struct device *cpu0 = cp_cpu0_table(test);

	dev_pm_opp_cpumask_remove_table(cp_mask(test, true, true));
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_opp_count(cpu0), 2);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_opp_count(get_cpu_device(1)),
			-ENODEV);
}

static struct kunit_case conf_cpu_cases[] = {
	KUNIT_CASE(conf_cpu_set_sharing_returns_zero),
	KUNIT_CASE(conf_cpu_set_sharing_without_table_is_enodev),
	KUNIT_CASE(conf_cpu_shared_cpu_sees_table),
	KUNIT_CASE(conf_cpu_get_sharing_after_set),
	KUNIT_CASE(conf_cpu_get_sharing_unknown_is_einval),
	KUNIT_CASE(conf_cpu_get_sharing_without_table_is_enodev),
	KUNIT_CASE(conf_cpu_of_sharing_from_opp_shared),
	KUNIT_CASE(conf_cpu_of_sharing_unshared_is_self),
	KUNIT_CASE(conf_cpu_of_sharing_without_node_is_enoent),
	KUNIT_CASE(conf_cpu_of_cpumask_add_shares_table),
	KUNIT_CASE(conf_cpu_of_cpumask_add_empty_warns),
	KUNIT_CASE(conf_cpu_of_cpumask_remove_table),
	KUNIT_CASE(conf_cpu_cpumask_remove_table_drops_dt_tables),
	KUNIT_CASE(conf_cpu_cpumask_remove_table_keeps_added),
	{}
};

static struct kunit_suite conf_cpu_suite = {
	.name = "opp_conf_cpu",
	.test_cases = conf_cpu_cases,
};

#define CF_NAME	"conf-cpufreq"
#define CF_F1	100000000UL
#define CF_F2	200000000UL
#define CF_F3	300000000UL
#define CF_F4	400000000UL

struct cf_held {
	struct device *dev;
	struct cpufreq_frequency_table *table;
};

static void cf_free(void *data)
{
	struct cf_held *held = data;

	dev_pm_opp_free_cpufreq_table(held->dev, &held->table);
}

/* The cpufreq table of @dev, which must build; freed with the test. */
static struct cpufreq_frequency_table *cf_table(struct kunit *test,
						struct device *dev)
{
	struct cf_held *held = kunit_kzalloc(test, sizeof(*held), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, held);
	held->dev = dev;
	KUNIT_ASSERT_EQ(test, dev_pm_opp_init_cpufreq_table(dev, &held->table),
			0);
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, cf_free, held),
			0);
	return held->table;
}

static struct device *cf_device(struct kunit *test)
{
	struct device *dev = conf_device(test, CF_NAME);

	conf_add(test, dev, CF_F3, CP_U2);
	conf_add(test, dev, CF_F1, CP_U1);
	conf_add(test, dev, CF_F2, CP_U1);
	return dev;
}

/* Frequencies in kHz, slowest first, indexed, then the end marker. */
static void conf_cpufreq_table_khz_ascending(struct kunit *test)
{
	struct cpufreq_frequency_table *t = cf_table(test, cf_device(test));

	KUNIT_EXPECT_EQ(test, t[0].frequency, CF_F1 / 1000);
	KUNIT_EXPECT_EQ(test, t[1].frequency, CF_F2 / 1000);
	KUNIT_EXPECT_EQ(test, t[2].frequency, CF_F3 / 1000);
	KUNIT_EXPECT_EQ(test, t[3].frequency, CPUFREQ_TABLE_END);
	KUNIT_EXPECT_EQ(test, t[0].driver_data, 0);
	KUNIT_EXPECT_EQ(test, t[2].driver_data, 2);
	KUNIT_EXPECT_EQ(test, t[0].flags, 0);
}

/* Disabled OPPs are left out. */
static void conf_cpufreq_table_skips_disabled(struct kunit *test)
{
	struct device *dev = cf_device(test);
	struct cpufreq_frequency_table *t;

	KUNIT_ASSERT_EQ(test, dev_pm_opp_disable(dev, CF_F2), 0);
	t = cf_table(test, dev);
	KUNIT_EXPECT_EQ(test, t[1].frequency, CF_F3 / 1000);
	KUNIT_EXPECT_EQ(test, t[2].frequency, CPUFREQ_TABLE_END);
}

/* No table: -ENODEV, nothing logged. */
static void conf_cpufreq_table_without_table_is_enodev(struct kunit *test)
{
	struct device *dev = conf_device(test, CF_NAME);
	struct fake_console *con = conf_console(test, dev);
	struct cpufreq_frequency_table *t = NULL;

	KUNIT_EXPECT_EQ(test, dev_pm_opp_init_cpufreq_table(dev, &t), -ENODEV);
	KUNIT_EXPECT_NULL(test, t);
	KUNIT_EXPECT_EQ(test, fake_console_count(con), 0);
}

/* A table whose OPPs are all disabled: -ENODATA, nothing logged. */
static void conf_cpufreq_table_all_disabled_is_enodata(struct kunit *test)
{
	struct device *dev = conf_device(test, CF_NAME);
	struct fake_console *con = conf_console(test, dev);
	struct cpufreq_frequency_table *t = NULL;

	conf_add(test, dev, CF_F1, CP_U1);
	KUNIT_ASSERT_EQ(test, dev_pm_opp_disable(dev, CF_F1), 0);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_init_cpufreq_table(dev, &t), -ENODATA);
	KUNIT_EXPECT_NULL(test, t);
	KUNIT_EXPECT_EQ(test, fake_console_count(con), 0);
}

#ifndef OPP_TEST_API_6_1
/* Cases of 6.12's API that 6.1's lacks: left out on 6.1, on both cores. */

/* A turbo OPP is a boost frequency. */
static void conf_cpufreq_table_turbo_is_boost(struct kunit *test)
{
	struct device *dev = cf_device(test);
	struct dev_pm_opp_data data = { .freq = CF_F4, .turbo = true };
	struct cpufreq_frequency_table *t;

	KUNIT_ASSERT_EQ(test, dev_pm_opp_add_dynamic(dev, &data), 0);
	t = cf_table(test, dev);
	KUNIT_EXPECT_EQ(test, t[3].frequency, CF_F4 / 1000);
	KUNIT_EXPECT_EQ(test, t[3].flags, CPUFREQ_BOOST_FREQ);
	KUNIT_EXPECT_EQ(test, t[2].flags, 0);
}

#endif

static struct kunit_case conf_cpufreq_cases[] = {
	KUNIT_CASE(conf_cpufreq_table_khz_ascending),
	KUNIT_CASE(conf_cpufreq_table_skips_disabled),
	KUNIT_CASE(conf_cpufreq_table_without_table_is_enodev),
	KUNIT_CASE(conf_cpufreq_table_all_disabled_is_enodata),
#ifndef OPP_TEST_API_6_1
	KUNIT_CASE(conf_cpufreq_table_turbo_is_boost),
#endif
	{}
};

static struct kunit_suite conf_cpufreq_suite = {
	.name = "opp_conf_cpufreq",
	.test_cases = conf_cpufreq_cases,
};

#define EM_NAME	"conf-em"

/* A device on the node of @compatible, its table loaded. */
static struct device *em_device(struct kunit *test, const char *compatible)
{
	struct device *dev;

	CONF_OVERLAY(test, conf_cpu);
	dev = conf_of_device(test, EM_NAME, compatible);
	KUNIT_ASSERT_EQ(test, conf_of_add_table(test, dev), 0);
	return dev;
}

KUNIT_DEFINE_ACTION_WRAPPER(em_unregister, em_dev_unregister_perf_domain,
			    struct device *);

/* dev_pm_opp_of_register_em(), undone with the test if it worked. */
static int em_register(struct kunit *test, struct device *dev)
{
	int ret = dev_pm_opp_of_register_em(dev, NULL);

	if (!ret)
		KUNIT_ASSERT_EQ(test,
				kunit_add_action_or_reset(test, em_unregister,
							  dev),
				0);
	return ret;
}

/* Power P = C * V^2 * f, in uW, C from dynamic-power-coefficient. */
static unsigned long em_formula(unsigned long uv, unsigned long hz)
{
	return EM_CAP * (uv / 1000) * (uv / 1000) * (hz / 1000000) / 1000000;
}

/* Checks the model's two states: rates in kHz and powers in uW. */
static void em_expect(struct kunit *test, struct device *dev,
		      unsigned long uw1, unsigned long uw2)
{
	struct em_perf_domain *pd = em_pd_get(dev);
	struct em_perf_state *table;

	KUNIT_ASSERT_NOT_NULL(test, pd);
	KUNIT_ASSERT_EQ(test, pd->nr_perf_states, 2);
	rcu_read_lock();
	table = em_perf_state_from_pd(pd);
	KUNIT_EXPECT_EQ(test, table[0].frequency, EM_F1 / 1000);
	KUNIT_EXPECT_EQ(test, table[1].frequency, EM_F2 / 1000);
	KUNIT_EXPECT_EQ(test, table[0].power, uw1);
	KUNIT_EXPECT_EQ(test, table[1].power, uw2);
	rcu_read_unlock();
}

/* With dynamic-power-coefficient, the model's power is C * V^2 * f. */
static void conf_em_from_coefficient(struct kunit *test)
{
	struct device *dev = em_device(test, "conf,em");

	KUNIT_ASSERT_EQ(test, em_register(test, dev), 0);
	em_expect(test, dev, em_formula(EM_U1, EM_F1), em_formula(EM_U2, EM_F2));
}

/* With opp-microwatt, the model's power is that, coefficient or not. */
static void conf_em_prefers_microwatt(struct kunit *test)
{
	struct device *dev = em_device(test, "conf,em-uw");

	KUNIT_ASSERT_EQ(test, em_register(test, dev), 0);
	em_expect(test, dev, EM_UW1, EM_UW2);
}

/* Neither coefficient nor opp-microwatt: -EINVAL, no model. */
static void conf_em_without_power_data_is_einval(struct kunit *test)
{
	struct device *dev = em_device(test, "conf,em-nocap");

	KUNIT_EXPECT_EQ(test, em_register(test, dev), -EINVAL);
	KUNIT_EXPECT_NULL(test, em_pd_get(dev));
}

/* No table: -EINVAL. */
static void conf_em_without_table_is_einval(struct kunit *test)
{
	struct device *dev;

	CONF_OVERLAY(test, conf_cpu);
	dev = conf_of_device(test, EM_NAME, "conf,em");
	KUNIT_EXPECT_EQ(test, em_register(test, dev), -EINVAL);
}

#ifndef OPP_TEST_API_6_1
/* Cases of 6.12's API that 6.1's lacks: left out on 6.1. */

/* dev_pm_opp_calc_power() rounds the rate up to an OPP and computes. */
static void conf_em_calc_power_rounds_up(struct kunit *test)
{
	struct device *dev = em_device(test, "conf,em");
	unsigned long uw = 0, khz = (EM_F1 + EM_F2) / 2 / 1000;

	KUNIT_EXPECT_EQ(test, dev_pm_opp_calc_power(dev, &uw, &khz), 0);
	KUNIT_EXPECT_EQ(test, khz, EM_F2 / 1000);
	KUNIT_EXPECT_EQ(test, uw, em_formula(EM_U2, EM_F2));
}

/* dev_pm_opp_calc_power() without a coefficient: -EINVAL. */
static void conf_em_calc_power_without_coefficient(struct kunit *test)
{
	struct device *dev = em_device(test, "conf,em-nocap");
	unsigned long uw = 0, khz = EM_F1 / 1000;

	KUNIT_EXPECT_EQ(test, dev_pm_opp_calc_power(dev, &uw, &khz), -EINVAL);
}
#endif

static struct kunit_case conf_em_cases[] = {
	KUNIT_CASE(conf_em_from_coefficient),
	KUNIT_CASE(conf_em_prefers_microwatt),
	KUNIT_CASE(conf_em_without_power_data_is_einval),
	KUNIT_CASE(conf_em_without_table_is_einval),
#ifndef OPP_TEST_API_6_1
	KUNIT_CASE(conf_em_calc_power_rounds_up),
	KUNIT_CASE(conf_em_calc_power_without_coefficient),
#endif
	{}
};

static struct kunit_suite conf_em_suite = {
	.name = "opp_conf_em",
	.test_cases = conf_em_cases,
};

kunit_test_suites(&conf_cpu_suite, &conf_cpufreq_suite, &conf_em_suite);
