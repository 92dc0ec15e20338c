// SPDX-License-Identifier: GPL-2.0-only
/*
 * KUnit suite opp_cpu: tables shared by CPUs.
 *
 * The CPU cases use the real devices of CPUs 0 and 1 (QEMU runs with two),
 * and leave them without a table.
 */

#include <kunit/test.h>
#include <linux/cpu.h>
#include <linux/cpumask.h>
#include <linux/device.h>
#include <linux/pm_opp.h>

#include "opp_kunit_helpers.h"

#define F1	500000000UL
#define F2	800000000UL
#define F3	1000000000UL
#define V1	800000UL

static void opp_cpu_remove_tables(void *data)
{
	dev_pm_opp_remove_all_dynamic(get_cpu_device(0));
	dev_pm_opp_remove_all_dynamic(get_cpu_device(1));
}

/* CPU 0 with two OPPs; both CPUs lose their tables when the case ends. */
static struct device *opp_cpu_fixture(struct kunit *test)
{
	struct device *cpu0 = get_cpu_device(0);
	int ret;

	KUNIT_ASSERT_NOT_NULL_MSG(test, get_cpu_device(1),
				  "these cases need two CPUs");
	ret = kunit_add_action_or_reset(test, opp_cpu_remove_tables, NULL);
	KUNIT_ASSERT_EQ(test, ret, 0);
	KUNIT_ASSERT_EQ(test, dev_pm_opp_get_opp_count(cpu0), -ENODEV);
	opp_kunit_add(test, cpu0, F1, V1);
	opp_kunit_add(test, cpu0, F2, V1);
	return cpu0;
}

/* After set_sharing_cpus, CPU 1 finds CPU 0's OPPs. */
static void opp_cpu_sharing_cpu_sees_table(struct kunit *test)
{
	struct device *cpu0 = opp_cpu_fixture(test);
	struct device *cpu1 = get_cpu_device(1);
	struct opp_table *table0, *table1;
	struct cpumask mask;

	cpumask_clear(&mask);
	cpumask_set_cpu(0, &mask);
	cpumask_set_cpu(1, &mask);
	KUNIT_ASSERT_EQ(test, dev_pm_opp_set_sharing_cpus(cpu0, &mask), 0);

	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_opp_count(cpu1), 2);
	table0 = dev_pm_opp_get_opp_table(cpu0);
	table1 = dev_pm_opp_get_opp_table(cpu1);
	KUNIT_EXPECT_PTR_EQ(test, table0, table1);
	dev_pm_opp_put_opp_table(table0);
	dev_pm_opp_put_opp_table(table1);

	/* An OPP added through one CPU is seen through the other. */
	opp_kunit_add(test, cpu1, F3, V1);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_opp_count(cpu0), 3);

	cpumask_clear(&mask);
	KUNIT_ASSERT_EQ(test, dev_pm_opp_get_sharing_cpus(cpu1, &mask), 0);
	KUNIT_EXPECT_TRUE(test, cpumask_test_cpu(0, &mask));
	KUNIT_EXPECT_TRUE(test, cpumask_test_cpu(1, &mask));
}

/* The shared table dies with its last OPP, for both CPUs. */
static void opp_cpu_shared_table_dies_once(struct kunit *test)
{
	struct device *cpu0 = opp_cpu_fixture(test);

	KUNIT_ASSERT_EQ(test, dev_pm_opp_set_sharing_cpus(cpu0, cpu_possible_mask),
			0);
	dev_pm_opp_remove_all_dynamic(get_cpu_device(1));
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_opp_count(cpu0), -ENODEV);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_opp_count(get_cpu_device(1)),
			-ENODEV);
}

/* Nobody said whether the table is shared: get_sharing_cpus refuses. */
static void opp_cpu_unknown_sharing_is_einval(struct kunit *test)
{
	struct device *cpu0 = opp_cpu_fixture(test);
	struct cpumask mask;

	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_sharing_cpus(cpu0, &mask), -EINVAL);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_sharing_cpus(get_cpu_device(1),
							  &mask), -ENODEV);
}

/*
 * Sharing again with CPUs already linked is no error (Linux adds them once
 * more and returns 0).
 */
static void opp_cpu_sharing_twice_is_zero(struct kunit *test)
{
	struct device *cpu0 = opp_cpu_fixture(test);
	struct cpumask mask;

	KUNIT_ASSERT_EQ(test, dev_pm_opp_set_sharing_cpus(cpu0, cpu_possible_mask),
			0);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_set_sharing_cpus(cpu0, cpu_possible_mask),
			0);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_set_sharing_cpus(get_cpu_device(1),
							  cpu_possible_mask), 0);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_opp_count(get_cpu_device(1)), 2);
	KUNIT_ASSERT_EQ(test, dev_pm_opp_get_sharing_cpus(cpu0, &mask), 0);
	KUNIT_EXPECT_TRUE(test, cpumask_test_cpu(0, &mask));
	KUNIT_EXPECT_TRUE(test, cpumask_test_cpu(1, &mask));
}

/*
 * A CPU that already has a table of its own is no error either, as in
 * Linux: it keeps finding its own OPPs, and the table of the CPU that asked
 * counts as shared.
 */
static void opp_cpu_sharing_with_cpu_that_has_a_table(struct kunit *test)
{
	struct device *cpu0 = opp_cpu_fixture(test);
	struct device *cpu1 = get_cpu_device(1);
	struct cpumask mask;

	opp_kunit_add(test, cpu1, F3, V1);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_set_sharing_cpus(cpu0, cpu_possible_mask),
			0);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_opp_count(cpu1), 1);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_opp_count(cpu0), 2);

	cpumask_clear(&mask);
	KUNIT_ASSERT_EQ(test, dev_pm_opp_get_sharing_cpus(cpu0, &mask), 0);
	KUNIT_EXPECT_TRUE(test, cpumask_test_cpu(0, &mask));
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_sharing_cpus(cpu1, &mask), -EINVAL);
}

/*
 * A CPU of the mask without a device is reported against the CPU that asked
 * and skipped; the others are linked and the call returns 0. The CPU is one
 * past nr_cpu_ids, which for_each_cpu() still visits when NR_CPUS fits in a
 * word. Kernels without small_cpumask_bits (6.1) stop at nr_cpu_ids: there
 * is no such CPU to meet there.
 */
#ifdef small_cpumask_bits
static void opp_cpu_sharing_skips_cpu_without_device(struct kunit *test)
{
	struct device *cpu0 = opp_cpu_fixture(test);
	struct fake_console *errors;
	struct cpumask mask;

	KUNIT_ASSERT_LT_MSG(test, nr_cpu_ids, small_cpumask_bits,
			    "for_each_cpu() stops at nr_cpu_ids here");
	KUNIT_ASSERT_NULL(test, get_cpu_device(nr_cpu_ids));
	cpumask_copy(&mask, cpu_possible_mask);
	__set_bit(nr_cpu_ids, cpumask_bits(&mask));

	errors = fake_console(test, cpu0, LOGLEVEL_ERR);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_set_sharing_cpus(cpu0, &mask), 0);
	KUNIT_EXPECT_EQ(test, fake_console_count(errors), 1);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_opp_count(get_cpu_device(1)), 2);
}
#endif

/* Only a CPU without a table, or a bad CPU device, fails the call. */
static void opp_cpu_sharing_errors(struct kunit *test)
{
	struct device *cpu1 = get_cpu_device(1);

	KUNIT_ASSERT_NOT_NULL(test, cpu1);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_set_sharing_cpus(cpu1, cpu_possible_mask),
			-ENODEV);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_set_sharing_cpus(NULL, cpu_possible_mask),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_sharing_cpus(NULL, NULL), -EINVAL);
}

static struct kunit_case opp_cpu_cases[] = {
	KUNIT_CASE(opp_cpu_sharing_cpu_sees_table),
	KUNIT_CASE(opp_cpu_shared_table_dies_once),
	KUNIT_CASE(opp_cpu_unknown_sharing_is_einval),
	KUNIT_CASE(opp_cpu_sharing_twice_is_zero),
	KUNIT_CASE(opp_cpu_sharing_with_cpu_that_has_a_table),
#ifdef small_cpumask_bits
	KUNIT_CASE(opp_cpu_sharing_skips_cpu_without_device),
#endif
	KUNIT_CASE(opp_cpu_sharing_errors),
	{}
};

static struct kunit_suite opp_cpu_suite = {
	.name = "opp_cpu",
	.test_cases = opp_cpu_cases,
};

kunit_test_suite(opp_cpu_suite);
