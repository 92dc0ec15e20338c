// SPDX-License-Identifier: GPL-2.0-only
/*
 * KUnit suite opp_fault: every allocation failure while loading a table or
 * configuring one returns an error and leaves nothing behind.
 *
 * The Nth slab allocation of the test's own task is made to fail
 * (current->fail_nth, with failslab told not to spare GFP_KERNEL and to
 * stay quiet), for N = 1, 2, ... until the operation no longer reaches the
 * Nth allocation and succeeds. Sharing a CPU's table never fails: there the
 * CPU that could not be linked is left out.
 *
 * The three long sweeps fail every fault_stride-th allocation only (1, 1 +
 * stride, ...): make check keeps that short form, make fuzz passes
 * opp_kunit.fault_stride=1 and fails each one.
 */

#include <kunit/test.h>
#include <linux/cpu.h>
#include <linux/cpumask.h>
#include <linux/device.h>
#include <linux/fs.h>
#include <linux/pm_opp.h>
#include <linux/regulator/consumer.h>
#include <linux/sched.h>

#include "../opp.h"
#include "dvfs_kunit.h"
#include "of_kunit.h"
#include "opp_kunit_dvfs.h"
#include "opp_kunit_helpers.h"

#define MAX_ALLOCS	400

static unsigned int fault_stride = 4;
module_param(fault_stride, uint, 0444);
MODULE_PARM_DESC(fault_stride,
		 "opp_fault's long sweeps fail every this many allocations (1: each)");

/* The allocation a long sweep fails after the @n-th. */
static unsigned int opp_fault_next(unsigned int n)
{
	return n + max(fault_stride, 1U);
}

/* What a long sweep found, when it tried every allocation. */
static void opp_fault_report(struct kunit *test, const char *what,
			     unsigned int n)
{
	if (fault_stride <= 1)
		kunit_info(test, "%s: %u allocations", what, n - 1);
}

static void opp_fault_set(struct kunit *test, const char *path, char *value)
{
	struct file *file = opp_kunit_debugfs_open(test, path, O_WRONLY);

	KUNIT_ASSERT_GT(test, opp_kunit_debugfs_io(test, file, value, 0, true),
			0);
}

static int opp_fault_init(struct kunit *test)
{
	opp_fault_set(test, "failslab/ignore-gfp-wait", "N");
	opp_fault_set(test, "failslab/verbose", "0");
	return 0;
}

OPP_KUNIT_SUITE_OVERLAY(opp_fault, opp_of_kunit);

/* Runs @op with the @n-th allocation failing; true if it was reached. */
static bool opp_fault_nth(unsigned int n, int (*op)(void *data), void *data,
			  int *ret)
{
	bool reached;

	WRITE_ONCE(current->fail_nth, n);
	*ret = op(data);
	reached = !READ_ONCE(current->fail_nth);
	WRITE_ONCE(current->fail_nth, 0);
	return reached;
}

static int opp_fault_load(void *dev)
{
	return dev_pm_opp_of_add_table(dev);
}

/*
 * Loading the tutorial's table: each failure is -ENOMEM with no table left,
 * or (when only debugfs lost an entry) a complete table.
 */
static void opp_fault_dt_load(struct kunit *test)
{
	struct device *dev = opp_kunit_of_device(test, "opp-kunit,seed-0");
	unsigned int n;
	int ret;

	for (n = 1; n < MAX_ALLOCS; n = opp_fault_next(n)) {
		if (!opp_fault_nth(n, opp_fault_load, dev, &ret))
			break;
		if (ret) {
			KUNIT_EXPECT_EQ_MSG(test, ret, -ENOMEM, "allocation %u", n);
			KUNIT_EXPECT_EQ_MSG(test, dev_pm_opp_get_opp_count(dev),
					    -ENODEV, "allocation %u", n);
		} else {
			KUNIT_EXPECT_EQ_MSG(test, dev_pm_opp_get_opp_count(dev),
					    3, "allocation %u", n);
			dev_pm_opp_of_remove_table(dev);
		}
		opp_flush_releases();
	}

	KUNIT_ASSERT_LT(test, n, MAX_ALLOCS);
	KUNIT_EXPECT_EQ(test, ret, 0);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_opp_count(dev), 3);
	opp_fault_report(test, "table load", n);
}

/*
 * No regulator handle is left on @supply of @dev: an exclusive get fails
 * while any consumer holds the regulator.
 */
static bool opp_fault_regulator_free(struct device *dev, const char *supply)
{
	struct regulator *reg = regulator_get_exclusive(dev, supply);

	if (IS_ERR(reg))
		return false;
	regulator_put(reg);
	return true;
}

struct opp_fault_config {
	struct device *dev;
	struct dev_pm_opp_config config;
	int token;
};

static int opp_fault_configure(void *data)
{
	struct opp_fault_config *c = data;

	c->token = dev_pm_opp_set_config(c->dev, &c->config);
	return c->token < 0 ? c->token : 0;
}

/* Gives the configuration back, as a driver's remove would. */
static void opp_fault_clear_config(void *data)
{
	struct opp_fault_config *c = data;

	dev_pm_opp_remove_all_dynamic(c->dev);
	dev_pm_opp_clear_config(c->token);
}

/* Setting clocks and regulators up: each failure leaves no table. */
static void opp_fault_config_regulators(struct kunit *test)
{
	static const char * const names[] = { "vdd", "vdd2", NULL };
	static const char * const clk[] = { NULL, NULL };
	struct opp_kunit_dvfs *fix = opp_kunit_dvfs(test, "opp-fault", false,
						    DVFS_F1, 2);
	struct opp_fault_config *c = kunit_kzalloc(test, sizeof(*c), GFP_KERNEL);
	unsigned int n;
	int ret;

	KUNIT_ASSERT_NOT_NULL(test, c);
	c->dev = fix->dev;
	c->config.regulator_names = names;
	c->config.clk_names = clk;
	for (n = 1; n < MAX_ALLOCS; n = opp_fault_next(n)) {
		if (!opp_fault_nth(n, opp_fault_configure, c, &ret))
			break;
		if (!ret) {
			dev_pm_opp_clear_config(c->token);
			continue;
		}
		KUNIT_EXPECT_EQ_MSG(test, ret, -ENOMEM, "allocation %u", n);
		KUNIT_EXPECT_EQ_MSG(test, dev_pm_opp_get_opp_count(fix->dev),
				    -ENODEV, "allocation %u", n);
		KUNIT_EXPECT_TRUE_MSG(test, opp_fault_regulator_free(fix->dev, "vdd") &&
				      opp_fault_regulator_free(fix->dev, "vdd2"),
				      "allocation %u", n);
	}

	KUNIT_ASSERT_LT(test, n, MAX_ALLOCS);
	KUNIT_ASSERT_EQ(test, ret, 0);
	ret = kunit_add_action_or_reset(test, opp_fault_clear_config, c);
	KUNIT_ASSERT_EQ(test, ret, 0);
	opp_kunit_add(test, fix->dev, DVFS_F3, DVFS_V3);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_set_rate(fix->dev, DVFS_F3), 0);
	kunit_release_action(test, opp_fault_clear_config, c);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_opp_count(fix->dev), -ENODEV);
}

struct opp_fault_seed {
	struct device *dev;
	struct opp_table *table;
};

/* What a driver does: name the regulators, load the table, undo on error. */
static int opp_fault_seed_setup(void *data)
{
	static const char * const names[] = { "vdd", "vdd2" };
	struct opp_fault_seed *f = data;
	int ret;

	f->table = dev_pm_opp_set_regulators(f->dev, names, ARRAY_SIZE(names));
	if (IS_ERR(f->table))
		return PTR_ERR(f->table);

	ret = dev_pm_opp_of_add_table(f->dev);
	if (ret) {
		dev_pm_opp_put_regulators(f->table);
		f->table = NULL;
	}
	return ret;
}

/*
 * The original dev_pm_opp_set_regulators(dev, names, count), then a device
 * tree table with two supplies: each failure of either leaves no table and
 * no regulator handle.
 */
static void opp_fault_regulators_setting(struct kunit *test)
{
	struct opp_kunit_dvfs *fix;
	struct opp_fault_seed f;
	unsigned long uv[2];
	unsigned int n;
	int ret;

	KUNIT_ASSERT_EQ(test, of_overlay_apply_kunit(test, opp_dvfs_kunit), 0);
	fix = opp_kunit_dvfs(test, "opp-kunit,dual", true, DVFS_F1, 2);
	f.dev = fix->dev;

	for (n = 1; n < MAX_ALLOCS; n = opp_fault_next(n)) {
		if (!opp_fault_nth(n, opp_fault_seed_setup, &f, &ret))
			break;
		if (!ret) {
			KUNIT_EXPECT_EQ_MSG(test, dev_pm_opp_get_opp_count(f.dev),
					    2, "allocation %u", n);
			dev_pm_opp_of_remove_table(f.dev);
			dev_pm_opp_put_regulators(f.table);
		} else {
			KUNIT_EXPECT_EQ_MSG(test, ret, -ENOMEM, "allocation %u", n);
		}
		opp_flush_releases();
		KUNIT_EXPECT_EQ_MSG(test, dev_pm_opp_get_opp_count(f.dev),
				    -ENODEV, "allocation %u", n);
		KUNIT_EXPECT_TRUE_MSG(test, opp_fault_regulator_free(f.dev, "vdd") &&
				      opp_fault_regulator_free(f.dev, "vdd2"),
				      "allocation %u", n);
	}

	KUNIT_ASSERT_LT(test, n, MAX_ALLOCS);
	KUNIT_ASSERT_EQ(test, ret, 0);
	uv[0] = fake_reg_uv(fix->regs[0]);
	uv[1] = fake_reg_uv(fix->regs[1]);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_set_rate(f.dev, DVFS_F3), 0);
	KUNIT_EXPECT_EQ(test, fix->clk->rate, DVFS_F3);
	/* Without a set_opp helper, two supplies are the driver's to move. */
	KUNIT_EXPECT_EQ(test, fake_reg_uv(fix->regs[0]), uv[0]);
	KUNIT_EXPECT_EQ(test, fake_reg_uv(fix->regs[1]), uv[1]);
	dev_pm_opp_of_remove_table(f.dev);
	dev_pm_opp_put_regulators(f.table);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_opp_count(f.dev), -ENODEV);
	KUNIT_EXPECT_TRUE(test, opp_fault_regulator_free(f.dev, "vdd"));
	opp_fault_report(test, "regulators and table", n);
}

struct opp_fault_add {
	struct device *dev;
	unsigned long freq;
};

static int opp_fault_add_one(void *data)
{
	struct opp_fault_add *a = data;

	return dev_pm_opp_add(a->dev, a->freq, DVFS_V1);
}

/* Adding to a table: a failure leaves the table as it was. */
static void opp_fault_dynamic_add(struct kunit *test)
{
	struct opp_fault_add a = {
		.dev = opp_kunit_device(test, "opp-fault-add"),
		.freq = DVFS_F2,
	};
	unsigned int n;
	int ret;

	opp_kunit_add(test, a.dev, DVFS_F1, DVFS_V1);
	for (n = 1; n < MAX_ALLOCS; n++) {
		if (!opp_fault_nth(n, opp_fault_add_one, &a, &ret))
			break;
		if (!ret) {
			dev_pm_opp_remove(a.dev, a.freq);
			continue;
		}
		KUNIT_EXPECT_EQ_MSG(test, ret, -ENOMEM, "allocation %u", n);
		KUNIT_EXPECT_EQ_MSG(test, dev_pm_opp_get_opp_count(a.dev), 1,
				    "allocation %u", n);
	}

	KUNIT_ASSERT_LT(test, n, MAX_ALLOCS);
	KUNIT_EXPECT_EQ(test, ret, 0);
	KUNIT_EXPECT_EQ(test, dev_pm_opp_get_opp_count(a.dev), 2);
}

static int opp_fault_share(void *cpu0)
{
	return dev_pm_opp_set_sharing_cpus(cpu0, cpu_possible_mask);
}

static void opp_fault_remove_cpu_tables(void *unused)
{
	dev_pm_opp_remove_all_dynamic(get_cpu_device(0));
	dev_pm_opp_remove_all_dynamic(get_cpu_device(1));
}

/*
 * Sharing CPU 0's table with CPU 1: as in Linux, a CPU that cannot be
 * linked for want of memory is skipped and the call still returns 0; the
 * table is then not shared.
 */
static void opp_fault_share_cpus(struct kunit *test)
{
	struct device *cpu0 = get_cpu_device(0), *cpu1 = get_cpu_device(1);
	unsigned int n, skipped = 0;
	struct cpumask mask;
	bool reached;
	int ret;

	KUNIT_ASSERT_NOT_NULL(test, cpu1);
	ret = kunit_add_action_or_reset(test, opp_fault_remove_cpu_tables, NULL);
	KUNIT_ASSERT_EQ(test, ret, 0);

	for (n = 1; n < MAX_ALLOCS; n++) {
		KUNIT_ASSERT_EQ(test, dev_pm_opp_add(cpu0, DVFS_F1, DVFS_V1), 0);
		reached = opp_fault_nth(n, opp_fault_share, cpu0, &ret);
		KUNIT_EXPECT_EQ_MSG(test, ret, 0, "allocation %u", n);
		if (dev_pm_opp_get_opp_count(cpu1) == -ENODEV) {
			skipped++;
			KUNIT_EXPECT_EQ_MSG(test,
					    dev_pm_opp_get_sharing_cpus(cpu0, &mask),
					    -EINVAL, "allocation %u", n);
		} else {
			KUNIT_EXPECT_EQ_MSG(test, dev_pm_opp_get_opp_count(cpu1),
					    1, "allocation %u", n);
		}
		dev_pm_opp_remove_all_dynamic(cpu0);
		KUNIT_EXPECT_EQ_MSG(test, dev_pm_opp_get_opp_count(cpu1),
				    -ENODEV, "allocation %u", n);
		if (!reached)
			break;
	}

	KUNIT_ASSERT_LT(test, n, MAX_ALLOCS);
	KUNIT_EXPECT_GT(test, skipped, 0);
}

static struct kunit_case opp_fault_cases[] = {
	KUNIT_CASE_SLOW(opp_fault_dt_load),
	KUNIT_CASE_SLOW(opp_fault_config_regulators),
	KUNIT_CASE_SLOW(opp_fault_regulators_setting),
	KUNIT_CASE(opp_fault_dynamic_add),
	KUNIT_CASE(opp_fault_share_cpus),
	{}
};

static struct kunit_suite opp_fault_suite = {
	.name = "opp_fault",
	.init = opp_fault_init,
	.suite_init = opp_fault_suite_init,
	.suite_exit = opp_fault_suite_exit,
	.test_cases = opp_fault_cases,
};

kunit_test_suite(opp_fault_suite);
