// SPDX-License-Identifier: GPL-2.0-only
/*
 * Fixtures shared by the OPP KUnit suites. Everything a fixture creates is
 * handed to KUnit, so a failed assertion leaks nothing.
 */

#include <kunit/test.h>
#include <linux/completion.h>
#include <linux/delay.h>
#include <linux/device.h>
#include <linux/file.h>
#include <linux/fs.h>
#include <linux/kthread.h>
#include <linux/mman.h>
#include <linux/mount.h>
#include <linux/of.h>
#include <linux/pm_opp.h>
#include <linux/sched/task.h>
#include <linux/string.h>
#include <linux/uaccess.h>

#include "../opp.h"
#include "opp_kunit_helpers.h"

KUNIT_DEFINE_ACTION_WRAPPER(opp_kunit_put, dev_pm_opp_put, struct dev_pm_opp *);

static void opp_kunit_remove_tables(void *data)
{
	struct device *dev = data;

	dev_pm_opp_remove_all_dynamic(dev);
	dev_pm_opp_remove_table(dev);
	/* Released OPPs hold device tree nodes an overlay may take away. */
	opp_flush_releases();
}

/**
 * opp_kunit_device() - a bare device whose OPPs go away with the test
 * @test: the test
 * @name: a device name unique within the test
 *
 * Its dynamic OPPs and firmware population are removed before the device is
 * unregistered, so no table outlives the device it is keyed by.
 *
 * Return: the device; the test aborts if it cannot be made.
 */
struct device *opp_kunit_device(struct kunit *test, const char *name)
{
	struct device *dev = kunit_device_register(test, name);

	int ret;

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, dev);
	ret = kunit_add_action_or_reset(test, opp_kunit_remove_tables, dev);
	KUNIT_ASSERT_EQ(test, ret, 0);
	return dev;
}

/**
 * opp_kunit_overlay_remove() - take a suite's overlay away again
 * @ovcs_id: what opp_kunit_overlay_apply() set
 *
 * OPPs released by the last case still hold nodes until their work item
 * ran: that is waited for first. A removal that fails (a node still
 * referenced) warns, which fails the run.
 *
 * Context: Process context; sleeps.
 */
void opp_kunit_overlay_remove(int ovcs_id)
{
	int ret;

	opp_flush_releases();
	ret = of_overlay_remove(&ovcs_id);
	WARN(ret, "OPP KUnit: overlay %d not removed: %d\n", ovcs_id, ret);
}

static void opp_kunit_clear_node(void *data)
{
	device_set_node(data, NULL);
}

/**
 * opp_kunit_bind_node() - bind a test's device to a device tree node
 * @test: the test, which applied the overlay holding the node
 * @dev: a device the test made
 * @compatible: the node's compatible string
 */
void opp_kunit_bind_node(struct kunit *test, struct device *dev,
			 const char *compatible)
{
	struct device_node *np = of_find_compatible_node(NULL, NULL, compatible);
	int ret;

	KUNIT_ASSERT_NOT_NULL_MSG(test, np, "no node for %s", compatible);
	of_node_put_kunit(test, np);

	device_set_node(dev, of_fwnode_handle(np));
	ret = kunit_add_action_or_reset(test, opp_kunit_clear_node, dev);
	KUNIT_ASSERT_EQ(test, ret, 0);
}

/**
 * opp_kunit_of_device() - a bare device bound to a device tree node
 * @test: the test, which applied the overlay holding the node
 * @compatible: the node's compatible string, also the device's name
 *
 * Return: the device; the test aborts if the node or device is missing.
 */
struct device *opp_kunit_of_device(struct kunit *test, const char *compatible)
{
	struct device *dev = opp_kunit_device(test, compatible);

	opp_kunit_bind_node(test, dev, compatible);
	return dev;
}

KUNIT_DEFINE_ACTION_WRAPPER(opp_kunit_root_unregister, root_device_unregister,
			    struct device *);

/**
 * opp_kunit_named_device() - a bare device with exactly this name
 * @test: the test
 * @name: the name, unique while the test runs; clkdev wants 24 characters
 *	at most
 *
 * kunit_device_register() prefixes the test's name, which is too long for
 * clock lookups by device name; this one is a root device instead. Its OPPs
 * go away with the test, as with opp_kunit_device().
 *
 * Return: the device.
 */
struct device *opp_kunit_named_device(struct kunit *test, const char *name)
{
	struct device *dev = root_device_register(name);
	int ret;

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, dev);
	ret = kunit_add_action_or_reset(test, opp_kunit_root_unregister, dev);
	KUNIT_ASSERT_EQ(test, ret, 0);
	ret = kunit_add_action_or_reset(test, opp_kunit_remove_tables, dev);
	KUNIT_ASSERT_EQ(test, ret, 0);
	return dev;
}

/**
 * opp_kunit_add() - dev_pm_opp_add() that must succeed
 * @test: the test
 * @dev: the device
 * @freq: rate in Hz
 * @u_volt: voltage in microvolts
 */
void opp_kunit_add(struct kunit *test, struct device *dev, unsigned long freq,
		   unsigned long u_volt)
{
	KUNIT_ASSERT_EQ(test, 0, dev_pm_opp_add(dev, freq, u_volt));
}

static void opp_kunit_fill(struct dev_pm_opp *opp,
			   const struct opp_kunit_desc *desc)
{
	struct dev_pm_opp_supply *supply = opp_supplies(opp);
	unsigned int i;

	for (i = 0; i < opp->nr_clks; i++)
		opp_rates(opp)[i] = desc->rates[i];
	for (i = 0; i < opp->nr_paths; i++) {
		opp_bw(opp)[i].peak = desc->peak[i];
		opp_bw(opp)[i].avg = desc->avg[i];
	}
	supply->u_volt = desc->u_volt;
	supply->u_volt_min = desc->u_volt;
	supply->u_volt_max = desc->u_volt;
	supply->u_watt = desc->u_watt;
	opp->level = desc->level;
	opp->clock_latency_ns = desc->clock_latency_ns;
	opp->turbo = desc->turbo;
	opp->suspend = desc->suspend;
	opp->available = desc->available;
}

struct opp_kunit_population {
	struct kunit *test;
	const struct opp_kunit_desc *descs;
	unsigned int nr;
};

/* Builds every OPP first and publishes them together, as of.c does. */
static int opp_kunit_publish(struct opp_table *table, void *data)
{
	struct opp_kunit_population *pop = data;
	struct dev_pm_opp **opps;
	unsigned int i;
	int ret = 0, taken = 0;

	opps = kunit_kcalloc(pop->test, pop->nr, sizeof(*opps), GFP_KERNEL);
	if (!opps)
		return -ENOMEM;

	for (i = 0; i < pop->nr && !ret; i++) {
		opps[i] = opp_alloc(&table->shape);
		if (opps[i])
			opp_kunit_fill(opps[i], &pop->descs[i]);
		else
			ret = -ENOMEM;
	}
	if (!ret) {
		taken = opp_table_add_batch(table, opps, pop->nr, NULL);
		ret = min(taken, 0);
	}
	/* The table owns the first OPPs it took; the rest are still ours. */
	for (i = max(taken, 0); i < pop->nr; i++)
		if (opps[i])
			opp_free(opps[i]);

	kunit_kfree(pop->test, opps);
	return ret;
}

/**
 * opp_kunit_populate() - fill a device's table as firmware parsing would
 * @test: the test
 * @dev: the device; its table gets the shape asked for
 * @nr_clks: rates per OPP
 * @nr_paths: interconnect paths per OPP
 * @descs: the OPPs
 * @nr: number of OPPs
 *
 * The device becomes a firmware user of the table, so
 * dev_pm_opp_remove_table() undoes this.
 */
void opp_kunit_populate(struct kunit *test, struct device *dev, u8 nr_clks,
			u8 nr_paths, const struct opp_kunit_desc *descs,
			unsigned int nr)
{
	struct opp_kunit_population pop = {
		.test = test, .descs = descs, .nr = nr,
	};
	struct opp_shape shape = {
		.nr_clks = nr_clks, .nr_supplies = 1, .nr_paths = nr_paths,
	};
	struct opp_table *table = opp_table_get_or_create(dev, 0);
	int ret;

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, table);
	ret = opp_table_set_shape(table, &shape);
	if (!ret)
		ret = opp_table_populate_static(table, opp_kunit_publish, &pop);
	if (ret) {
		dev_pm_opp_put_opp_table(table);
		KUNIT_FAIL_AND_ABORT(test, "cannot populate the table: %d", ret);
	}
}

/**
 * opp_kunit_find_exact() - dev_pm_opp_find_freq_exact() that must succeed,
 *	with the OPP put when the test ends
 * @test: the test
 * @dev: the device
 * @freq: the rate
 * @available: which OPPs to search
 *
 * Return: the OPP.
 */
struct dev_pm_opp *opp_kunit_find_exact(struct kunit *test, struct device *dev,
					unsigned long freq, bool available)
{
	return opp_kunit_hold(test, dev_pm_opp_find_freq_exact(dev, freq,
							       available));
}

static int opp_kunit_event_cb(struct notifier_block *nb, unsigned long event,
			      void *data)
{
	struct opp_kunit_events *rec = container_of(nb, struct opp_kunit_events, nb);
	struct dev_pm_opp *opp = data;

	if (rec->nr < OPP_KUNIT_MAX_EVENTS) {
		rec->event[rec->nr] = event;
		rec->freq[rec->nr] = dev_pm_opp_get_freq(opp);
		rec->u_volt[rec->nr] = dev_pm_opp_get_voltage(opp);
	}
	rec->nr++;
	return NOTIFY_OK;
}

struct opp_kunit_notifier {
	struct device *dev;
	struct opp_kunit_events *rec;
};

static void opp_kunit_unregister(void *data)
{
	struct opp_kunit_notifier *n = data;

	dev_pm_opp_unregister_notifier(n->dev, &n->rec->nb);
}

/**
 * opp_kunit_record_events() - record the notifications of a device's table
 * @test: the test
 * @dev: a device that has a table
 *
 * Return: the record, unregistered when the test ends.
 */
struct opp_kunit_events *opp_kunit_record_events(struct kunit *test,
						 struct device *dev)
{
	struct opp_kunit_notifier *n = kunit_kzalloc(test, sizeof(*n), GFP_KERNEL);
	struct opp_kunit_events *rec = kunit_kzalloc(test, sizeof(*rec), GFP_KERNEL);
	int ret;

	KUNIT_ASSERT_NOT_NULL(test, n);
	KUNIT_ASSERT_NOT_NULL(test, rec);
	rec->nb.notifier_call = opp_kunit_event_cb;
	KUNIT_ASSERT_EQ(test, 0, dev_pm_opp_register_notifier(dev, &rec->nb));

	n->dev = dev;
	n->rec = rec;
	ret = kunit_add_action_or_reset(test, opp_kunit_unregister, n);
	KUNIT_ASSERT_EQ(test, ret, 0);
	return rec;
}

/**
 * opp_kunit_thread_done() - end a test kthread: count it out, then park
 * @running: threads still running; the last one completes @done
 * @done: what the test waits on, with a timeout
 *
 * The thread then waits for kthread_stop(), so that the test, which stops
 * every thread before checking results, never races a thread's own exit.
 *
 * Return: 0, for the thread function to return.
 */
int opp_kunit_thread_done(atomic_t *running, struct completion *done)
{
	if (atomic_dec_and_test(running))
		complete(done);

	set_current_state(TASK_INTERRUPTIBLE);
	while (!kthread_should_stop()) {
		schedule();
		set_current_state(TASK_INTERRUPTIBLE);
	}
	__set_current_state(TASK_RUNNING);
	return 0;
}

static void opp_kunit_kthread_stop(void *data)
{
	struct task_struct *task = data;

	kthread_stop(task);
	put_task_struct(task);
}

/**
 * opp_kunit_kthread() - create a test kthread that is stopped with the test
 * @test: the test
 * @fn: the thread function
 * @data: its argument
 * @name: the thread's name
 * @i: its number, appended to @name
 *
 * The thread is created but not woken: a test that aborts before waking it
 * stops it unrun. Stop it early with opp_kunit_kthread_stop_now().
 *
 * Return: the thread; the test aborts if it cannot be created.
 */
struct task_struct *opp_kunit_kthread(struct kunit *test, int (*fn)(void *),
				      void *data, const char *name,
				      unsigned int i)
{
	struct task_struct *task = kthread_create(fn, data, "%s-%u", name, i);
	int ret;

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, task);
	get_task_struct(task);
	ret = kunit_add_action_or_reset(test, opp_kunit_kthread_stop, task);
	KUNIT_ASSERT_EQ(test, ret, 0);
	return task;
}

/**
 * opp_kunit_kthread_stop_now() - stop a thread of opp_kunit_kthread() now
 * @test: the test
 * @task: the thread
 */
void opp_kunit_kthread_stop_now(struct kunit *test, struct task_struct *task)
{
	kunit_release_action(test, opp_kunit_kthread_stop, task);
}

/**
 * opp_kunit_hold() - keep an OPP reference until the test ends
 * @test: the test
 * @opp: what a lookup returned
 *
 * Return: @opp; the test aborts if it is an error or NULL.
 */
struct dev_pm_opp *opp_kunit_hold(struct kunit *test, struct dev_pm_opp *opp)
{
	int ret;

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, opp);
	ret = kunit_add_action_or_reset(test, opp_kunit_put, opp);
	KUNIT_ASSERT_EQ(test, ret, 0);
	return opp;
}

KUNIT_DEFINE_ACTION_WRAPPER(opp_kunit_put_table, dev_pm_opp_put_opp_table,
			    struct opp_table *);

/**
 * opp_kunit_hold_table() - keep a table reference until the test ends
 * @test: the test
 * @table: what dev_pm_opp_get_opp_table() or a _ref() call returned
 *
 * Return: @table; the test aborts if it is an error or NULL.
 */
struct opp_table *opp_kunit_hold_table(struct kunit *test,
				       struct opp_table *table)
{
	int ret;

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, table);
	ret = kunit_add_action_or_reset(test, opp_kunit_put_table, table);
	KUNIT_ASSERT_EQ(test, ret, 0);
	return table;
}

/**
 * opp_kunit_drop_table() - drop one reference of opp_kunit_hold_table() now
 * @test: the test
 * @table: the table
 */
void opp_kunit_drop_table(struct kunit *test, struct opp_table *table)
{
	kunit_release_action(test, opp_kunit_put_table, table);
}

KUNIT_DEFINE_ACTION_WRAPPER(opp_kunit_unmount, kern_unmount, struct vfsmount *);
KUNIT_DEFINE_ACTION_WRAPPER(opp_kunit_fput, fput, struct file *);

/**
 * opp_kunit_debugfs_open() - open a debugfs file as user space would
 * @test: the test
 * @path: the path below the debugfs root
 * @flags: O_RDONLY or O_WRONLY
 *
 * Nothing mounts debugfs in a KUnit boot: the file is opened through a
 * kernel mount of it. Both are released when the test ends.
 *
 * Return: the open file; the test aborts if it cannot be opened.
 */
struct file *opp_kunit_debugfs_open(struct kunit *test, const char *path,
				    int flags)
{
	/* debugfs is built in: the type holds no module reference to drop. */
	struct file_system_type *type = get_fs_type("debugfs");
	struct vfsmount *mnt;
	struct file *file;

	KUNIT_ASSERT_NOT_NULL(test, type);
	mnt = kern_mount(type);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, mnt);
	if (kunit_add_action_or_reset(test, opp_kunit_unmount, mnt))
		KUNIT_FAIL_AND_ABORT(test, "cannot track the mount");

	file = file_open_root_mnt(mnt, path, flags, 0);
	KUNIT_ASSERT_NOT_ERR_OR_NULL_MSG(test, file, "cannot open %s", path);
	if (kunit_add_action_or_reset(test, opp_kunit_fput, file))
		KUNIT_FAIL_AND_ABORT(test, "cannot track a file");
	return file;
}

/**
 * opp_kunit_debugfs_io() - read or write an open debugfs file from its start
 * @test: the test
 * @file: from opp_kunit_debugfs_open()
 * @buf: the text to write, or room for what is read (NUL-terminated)
 * @size: size of @buf
 * @write: write @buf instead of reading into it
 *
 * Goes through the file's real method (the debugfs proxy that guards
 * against removal) with a user buffer, as read() or write() would.
 *
 * Return: the byte count, or -errno.
 */
ssize_t opp_kunit_debugfs_io(struct kunit *test, struct file *file, char *buf,
			     size_t size, bool write)
{
	unsigned long ubuf = kunit_vm_mmap(test, NULL, 0, PAGE_SIZE,
					   PROT_READ | PROT_WRITE,
					   MAP_ANONYMOUS | MAP_PRIVATE, 0);
	char __user *user = (char __user *)ubuf;
	loff_t pos = 0;
	ssize_t n;

	KUNIT_ASSERT_NE(test, ubuf, 0);
	size = min_t(size_t, write ? strlen(buf) : size - 1, PAGE_SIZE);
	if (write) {
		KUNIT_ASSERT_EQ(test, copy_to_user(user, buf, size), 0);
		return file->f_op->write(file, user, size, &pos);
	}

	n = file->f_op->read(file, user, size, &pos);
	if (n > 0 && copy_from_user(buf, user, n))
		n = -EFAULT;
	buf[n > 0 ? n : 0] = '\0';
	return n;
}

/**
 * opp_kunit_wait_gone() - wait until a removed OPP left its table
 * @dev: the device
 * @rate: the OPP's rate
 *
 * A removed OPP lingers while a lookup, debugfs or the current OPP holds it,
 * and adding it again meanwhile only repeats it. The finds here hold it too;
 * their puts may be the last, which unlists it.
 *
 * Context: Process context; sleeps.
 * Return: true once no OPP of @dev has @rate; false after about a second.
 */
bool opp_kunit_wait_gone(struct device *dev, unsigned long rate)
{
	struct dev_pm_opp *opp;
	unsigned int tries;

	for (tries = 0; tries < 10000; tries++) {
		opp = dev_pm_opp_find_freq_exact(dev, rate, true);
		if (IS_ERR(opp))
			opp = dev_pm_opp_find_freq_exact(dev, rate, false);
		if (IS_ERR(opp))
			return true;
		dev_pm_opp_put(opp);
		usleep_range(20, 50);
	}
	return false;
}
