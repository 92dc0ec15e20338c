// SPDX-License-Identifier: GPL-2.0-only
/*
 * KUnit suite opp_debugfs: the /sys/kernel/debug/opp tree follows the
 * tables. Entries are found with debugfs_lookup() and read the way user
 * space reads them: opened and read through a kernel mount of debugfs.
 */

#include <kunit/of.h>
#include <kunit/test.h>
#include <linux/debugfs.h>
#include <linux/device.h>
#include <linux/pm_opp.h>
#include <linux/string.h>

#include "../opp.h"
#include "dvfs_kunit.h"
#include "of_kunit.h"
#include "opp_kunit_dvfs.h"
#include "opp_kunit_helpers.h"

KUNIT_DEFINE_ACTION_WRAPPER(opp_debugfs_dput, dput, struct dentry *);

/* The entry @path ("a/b/c") under opp/, or NULL; put when the test ends. */
static struct dentry *opp_debugfs_find(struct kunit *test, const char *path)
{
	char *copy = kunit_kzalloc(test, strlen(path) + 1, GFP_KERNEL);
	struct dentry *d, *parent;
	char *part, *rest;

	KUNIT_ASSERT_NOT_NULL(test, copy);
	strscpy(copy, path, strlen(path) + 1);
	rest = copy;

	d = debugfs_lookup("opp", NULL);
	while (d && (part = strsep(&rest, "/"))) {
		parent = d;
		d = debugfs_lookup(part, parent);
		dput(parent);
	}
	if (d && kunit_add_action_or_reset(test, opp_debugfs_dput, d))
		KUNIT_FAIL_AND_ABORT(test, "cannot track a dentry");
	return d;
}

/* Opens opp/@path as user space would; closed when the test ends. */
static struct file *opp_debugfs_open(struct kunit *test, const char *path)
{
	char *full = kunit_kzalloc(test, strlen(path) + 5, GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, full);
	sprintf(full, "opp/%s", path);
	return opp_kunit_debugfs_open(test, full, O_RDONLY);
}

static ssize_t opp_debugfs_read(struct kunit *test, struct file *file,
				char *buf, size_t size)
{
	return opp_kunit_debugfs_io(test, file, buf, size, false);
}

/* The text of file @path under opp/. */
static const char *opp_debugfs_text(struct kunit *test, const char *path)
{
	struct file *file = opp_debugfs_open(test, path);
	char *buf = kunit_kzalloc(test, PAGE_SIZE, GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, buf);
	KUNIT_ASSERT_GT(test, opp_debugfs_read(test, file, buf, PAGE_SIZE), 0);
	return buf;
}

static unsigned long opp_debugfs_value(struct kunit *test, const char *path)
{
	const char *text = opp_debugfs_text(test, path);
	unsigned long value;

	KUNIT_ASSERT_EQ(test, kstrtoul(text, 10, &value), 0);
	return value;
}

/* The directory name Linux gives a device: "<parent>-<device>". */
static const char *opp_debugfs_dir(struct kunit *test, struct device *dev,
				   const char *sub)
{
	char *path = kunit_kzalloc(test, 256, GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, path);
	if (dev->parent)
		snprintf(path, 256, "%s-%s%s", dev_name(dev->parent),
			 dev_name(dev), sub);
	else
		snprintf(path, 256, "%s%s", dev_name(dev), sub);
	return path;
}

/* The value in file @sub of @dev's table directory. */
static void expect_value(struct kunit *test, struct device *dev,
			 const char *sub, unsigned long want)
{
	const char *path = opp_debugfs_dir(test, dev, sub);

	KUNIT_EXPECT_EQ_MSG(test, opp_debugfs_value(test, path), want, "%s", sub);
}

static bool has_entry(struct kunit *test, struct device *dev, const char *sub)
{
	return opp_debugfs_find(test, opp_debugfs_dir(test, dev, sub));
}

/* Each OPP gets opp:<rate> with its rate, flags and supply. */
static void opp_debugfs_shows_each_opp(struct kunit *test)
{
	struct device *dev = opp_kunit_device(test, "opp-dbg");

	opp_kunit_add(test, dev, DVFS_F1, DVFS_V1);
	opp_kunit_add(test, dev, DVFS_F2, DVFS_V2);

	expect_value(test, dev, "/opp:100000000/rate_hz", DVFS_F1);
	expect_value(test, dev, "/opp:200000000/supply-0/u_volt_target",
		     DVFS_V2);
	expect_value(test, dev, "/opp:200000000/dynamic", 1);
	expect_value(test, dev, "/opp:200000000/turbo", 0);
}

/* Files show the current values: availability and adjusted voltage. */
static void opp_debugfs_follows_changes(struct kunit *test)
{
	struct device *dev = opp_kunit_device(test, "opp-dbg");

	opp_kunit_add(test, dev, DVFS_F1, DVFS_V1);
	expect_value(test, dev, "/opp:100000000/available", 1);
	KUNIT_ASSERT_EQ(test, dev_pm_opp_disable(dev, DVFS_F1), 0);
	expect_value(test, dev, "/opp:100000000/available", 0);
	KUNIT_ASSERT_EQ(test, dev_pm_opp_adjust_voltage(dev, DVFS_F1, DVFS_V2,
							DVFS_V2, DVFS_V2), 0);
	expect_value(test, dev, "/opp:100000000/supply-0/u_volt_target",
		     DVFS_V2);
}

/* Removed OPPs and dead tables leave no entry behind. */
static void opp_debugfs_entries_go_with_objects(struct kunit *test)
{
	struct device *dev = opp_kunit_device(test, "opp-dbg");

	opp_kunit_add(test, dev, DVFS_F1, DVFS_V1);
	opp_kunit_add(test, dev, DVFS_F2, DVFS_V2);
	dev_pm_opp_remove(dev, DVFS_F1);
	KUNIT_EXPECT_FALSE(test, has_entry(test, dev, "/opp:100000000"));
	KUNIT_EXPECT_TRUE(test, has_entry(test, dev, "/opp:200000000"));

	dev_pm_opp_remove(dev, DVFS_F2);
	KUNIT_EXPECT_FALSE(test, has_entry(test, dev, ""));
}

/* A file left open while its OPP and table go reads an error, not freed memory. */
static void opp_debugfs_open_file_survives_removal(struct kunit *test)
{
	struct device *dev = opp_kunit_device(test, "opp-dbg");
	const char *rate_path = opp_debugfs_dir(test, dev,
						"/opp:100000000/rate_hz");
	struct file *rate, *stats;
	char buf[32];

	opp_kunit_add(test, dev, DVFS_F1, DVFS_V1);
	rate = opp_debugfs_open(test, rate_path);
	stats = opp_debugfs_open(test, opp_debugfs_dir(test, dev, "/stats"));
	KUNIT_ASSERT_GT(test, opp_debugfs_read(test, rate, buf, sizeof(buf)), 0);

	dev_pm_opp_remove(dev, DVFS_F1);
	KUNIT_ASSERT_EQ(test, dev_pm_opp_get_opp_count(dev), -ENODEV);
	opp_flush_releases();
	KUNIT_EXPECT_LT(test, opp_debugfs_read(test, rate, buf, sizeof(buf)), 0);
	KUNIT_EXPECT_LT(test, opp_debugfs_read(test, stats, buf, sizeof(buf)), 0);
}

/* OPPs that share a rate get distinct directories. */
static void opp_debugfs_same_rate_distinct_names(struct kunit *test)
{
	struct dev_pm_opp_data data = { .freq = DVFS_F1, .u_volt = DVFS_V1 };
	struct device *dev = opp_kunit_device(test, "opp-dbg");

	data.level = 1;
	KUNIT_ASSERT_EQ(test, dev_pm_opp_add_dynamic(dev, &data), 0);
	data.level = 2;
	KUNIT_ASSERT_EQ(test, dev_pm_opp_add_dynamic(dev, &data), 0);
	expect_value(test, dev, "/opp:100000000/level", 1);
	expect_value(test, dev, "/opp:100000000-2/level", 2);
}

/*
 * OPPs of one rate told apart by the levels they inherit from their power
 * domain, loaded after it, show those levels.
 */
static void opp_debugfs_inherited_levels(struct kunit *test)
{
	struct device *domain, *dev;

	KUNIT_ASSERT_EQ(test, of_overlay_apply_kunit(test, opp_of_kunit), 0);
	domain = opp_kunit_of_device(test, "opp-kunit,domain");
	dev = opp_kunit_of_device(test, "opp-kunit,same-rate");
	KUNIT_ASSERT_EQ(test, dev_pm_opp_of_add_table(domain), 0);
	KUNIT_ASSERT_EQ(test, dev_pm_opp_of_add_table(dev), 0);

	expect_value(test, dev, "/opp:200000000/level", DOM_L1);
	expect_value(test, dev, "/opp:200000000-48/level", DOM_L2);
}

/* stats counts transitions; summary lists the table and its OPPs. */
static void opp_debugfs_stats_and_summary(struct kunit *test)
{
	struct opp_kunit_dvfs *fix = opp_kunit_dvfs(test, "opp-dbg-dvfs", false,
						    DVFS_F1, 0);
	const char *stats, *summary;

	opp_kunit_add(test, fix->dev, DVFS_F1, DVFS_V1);
	opp_kunit_add(test, fix->dev, DVFS_F3, DVFS_V3);
	KUNIT_ASSERT_EQ(test, dev_pm_opp_set_rate(fix->dev, DVFS_F3), 0);

	stats = opp_debugfs_text(test, opp_debugfs_dir(test, fix->dev, "/stats"));
	KUNIT_EXPECT_NOT_NULL(test, strstr(stats, "transitions: 1\n"));
	KUNIT_EXPECT_NOT_NULL(test, strstr(stats, "current_opp_hz: 300000000\n"));
	KUNIT_EXPECT_NOT_NULL(test, strstr(stats, "time_in_state_ms:\n"));
	KUNIT_EXPECT_NOT_NULL(test, strstr(stats, "  100000000: 0\n"));

	summary = opp_debugfs_text(test, "summary");
	KUNIT_EXPECT_NOT_NULL(test, strstr(summary, "opp-dbg-dvfs"));
	KUNIT_EXPECT_NOT_NULL(test, strstr(summary, "300000000 Hz"));
}

static struct kunit_case opp_debugfs_cases[] = {
	KUNIT_CASE(opp_debugfs_shows_each_opp),
	KUNIT_CASE(opp_debugfs_follows_changes),
	KUNIT_CASE(opp_debugfs_entries_go_with_objects),
	KUNIT_CASE(opp_debugfs_open_file_survives_removal),
	KUNIT_CASE(opp_debugfs_same_rate_distinct_names),
	KUNIT_CASE(opp_debugfs_inherited_levels),
	KUNIT_CASE(opp_debugfs_stats_and_summary),
	{}
};

static struct kunit_suite opp_debugfs_suite = {
	.name = "opp_debugfs",
	.test_cases = opp_debugfs_cases,
};

kunit_test_suite(opp_debugfs_suite);
