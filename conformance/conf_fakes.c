// SPDX-License-Identifier: GPL-2.0-only
/*
 * Fixtures of the conformance suites beside the fakes of ../fakes/:
 * devices, overlays, tables, notifications and debugfs reads. Everything
 * made here is handed to KUnit and undone in reverse order when the test
 * ends, so a failed assertion leaks nothing and no state lives outside the
 * test.
 */

#include <kunit/test.h>
#include <linux/device.h>
#include <linux/file.h>
#include <linux/fs.h>
#include <linux/mman.h>
#include <linux/mount.h>
#include <linux/of.h>
#include <linux/pm_opp.h>
#include <linux/slab.h>
#include <linux/sort.h>
#include <linux/string.h>
#include <linux/uaccess.h>

#include "conf.h"

/* @fn(@data) when the test ends, after what was deferred later. */
static void conf_defer(struct kunit *test, kunit_action_t *fn, void *data)
{
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, fn, data), 0);
}

KUNIT_DEFINE_ACTION_WRAPPER(conf_root_unregister, root_device_unregister,
			    struct device *);

/*
 * Before a test's device goes: its added OPPs, then any table still keyed
 * to it. When every OPP is gone a table that remains is a reference the
 * core kept (upstream keeps one for each identical OPP added twice); it is
 * dropped here, so that no table outlives its device and turns up for a
 * later device that gets the same address.
 */
static void conf_release_tables(void *data)
{
	struct device *dev = data;
	struct opp_table *table;
	unsigned int i;

	dev_pm_opp_remove_all_dynamic(dev);
	for (i = 0; i < 4; i++) {
		table = dev_pm_opp_get_opp_table(dev);
		if (IS_ERR_OR_NULL(table))
			return;
		dev_pm_opp_put_opp_table(table);
		dev_pm_opp_put_opp_table(table);
	}
}

/* Tables keyed to @dev (made by the test) go before it does. */
void conf_track_tables(struct kunit *test, struct device *dev)
{
	conf_defer(test, conf_release_tables, dev);
}

/*
 * A root device called @name (unique while the test runs, 23 chars max),
 * unregistered and its tables released when the test ends; in that order
 * when @devres_first, the other way round otherwise (deferred actions run
 * last first).
 */
static struct device *conf_root_device(struct kunit *test, const char *name,
				       bool devres_first)
{
	struct device *dev = root_device_register(name);

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, dev);
	conf_defer(test, devres_first ? conf_release_tables : conf_root_unregister,
		   dev);
	conf_defer(test, devres_first ? conf_root_unregister : conf_release_tables,
		   dev);
	return dev;
}

struct device *conf_device(struct kunit *test, const char *name)
{
	return conf_root_device(test, name, false);
}

/*
 * The same, for devm_ cases: unregistered first, so that its devres actions
 * (a devm_pm_opp_set_config() among them) run before conf_release_tables()
 * drops what is left of its tables.
 */
struct device *conf_devres_device(struct kunit *test, const char *name)
{
	return conf_root_device(test, name, true);
}

/* The node of @compatible, put when the test ends. */
struct device_node *conf_node(struct kunit *test, const char *compatible)
{
	struct device_node *np = of_find_compatible_node(NULL, NULL, compatible);

	KUNIT_ASSERT_NOT_NULL_MSG(test, np, "no node for %s", compatible);
	of_node_put_kunit(test, np);
	return np;
}

static void conf_clear_node(void *dev)
{
	device_set_node(dev, NULL);
}

void conf_bind_node(struct kunit *test, struct device *dev,
		    const char *compatible)
{
	struct device_node *np = conf_node(test, compatible);

	device_set_node(dev, of_fwnode_handle(np));
	conf_defer(test, conf_clear_node, dev);
}

struct device *conf_of_device(struct kunit *test, const char *name,
			      const char *compatible)
{
	struct device *dev = conf_device(test, name);

	conf_bind_node(test, dev, compatible);
	return dev;
}

/* The overlay a suite applied for all its cases (CONF_SUITE_OVERLAY()). */
const u8 *conf_suite_dtbo;
static int conf_suite_ovcs;

int conf_suite_overlay_apply(const u8 *begin, const u8 *end)
{
	int ret;

	ret = fake_overlay_fdt_apply(begin, end - begin, &conf_suite_ovcs);
	if (ret)
		return ret;
	conf_suite_dtbo = begin;
	return 0;
}

void conf_suite_overlay_remove(void)
{
	int ret;

	conf_suite_dtbo = NULL;
	ret = of_overlay_remove(&conf_suite_ovcs);
	WARN(ret, "conformance: suite overlay not removed: %d\n", ret);
}

KUNIT_DEFINE_ACTION_WRAPPER(conf_of_remove, dev_pm_opp_of_remove_table,
			    struct device *);

/* dev_pm_opp_of_add_table(), undone when the test ends if it worked. */
int conf_of_add_table(struct kunit *test, struct device *dev)
{
	int ret = dev_pm_opp_of_add_table(dev);

	if (!ret)
		conf_defer(test, conf_of_remove, dev);
	return ret;
}

void conf_add(struct kunit *test, struct device *dev, unsigned long freq,
	      unsigned long u_volt)
{
	KUNIT_ASSERT_EQ_MSG(test, dev_pm_opp_add(dev, freq, u_volt), 0,
			    "dev_pm_opp_add(%lu, %lu)", freq, u_volt);
}

#ifndef OPP_TEST_API_6_1
void conf_add_level(struct kunit *test, struct device *dev, unsigned long freq,
		    unsigned int level)
{
	struct dev_pm_opp_data data = { .freq = freq, .level = level };

	KUNIT_ASSERT_EQ_MSG(test, dev_pm_opp_add_dynamic(dev, &data), 0,
			    "dev_pm_opp_add_dynamic(%lu, level %u)", freq, level);
}
#endif

KUNIT_DEFINE_ACTION_WRAPPER(conf_put_opp, dev_pm_opp_put, struct dev_pm_opp *);

void conf_keep_opp(struct kunit *test, struct dev_pm_opp *opp)
{
	conf_defer(test, conf_put_opp, opp);
}

/* dev_pm_opp_find_freq_exact() that must work; put when the test ends. */
struct dev_pm_opp *conf_exact(struct kunit *test, struct device *dev,
			      unsigned long freq, bool available)
{
	struct dev_pm_opp *opp = dev_pm_opp_find_freq_exact(dev, freq, available);

	KUNIT_ASSERT_NOT_ERR_OR_NULL_MSG(test, opp, "no OPP at %lu", freq);
	conf_keep_opp(test, opp);
	return opp;
}

KUNIT_DEFINE_ACTION_WRAPPER(conf_put_table, dev_pm_opp_put_opp_table,
			    struct opp_table *);

/* The device's table, put when the test ends. */
struct opp_table *conf_table(struct kunit *test, struct device *dev)
{
	struct opp_table *table = dev_pm_opp_get_opp_table(dev);

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, table);
	conf_defer(test, conf_put_table, table);
	return table;
}

static void conf_clear_config(void *token)
{
	dev_pm_opp_clear_config((long)token);
}

/* dev_pm_opp_set_config(); a token it returns is cleared with the test. */
int conf_set_config(struct kunit *test, struct device *dev,
		    struct dev_pm_opp_config *config)
{
	int token = dev_pm_opp_set_config(dev, config);

	if (token > 0)
		conf_defer(test, conf_clear_config, (void *)(long)token);
	return token;
}

/* Clears a token of conf_set_config() now rather than with the test. */
void conf_clear_config_now(struct kunit *test, int token)
{
	kunit_release_action(test, conf_clear_config, (void *)(long)token);
}

/*
 * A fake interconnect provider on a device bound to the node of
 * @compatible.
 */
struct fake_icc *conf_icc(struct kunit *test, struct fake_log *log,
			  const char *compatible)
{
	return fake_icc(test, log, conf_of_device(test, "conf-icc", compatible));
}

/* Notifier */

static int conf_notes_cb(struct notifier_block *nb, unsigned long event,
			 void *data)
{
	struct conf_notes *notes = container_of(nb, struct conf_notes, nb);
	struct dev_pm_opp *opp = data;

	if (notes->nr < CONF_MAX_NOTES) {
		notes->event[notes->nr] = event;
		notes->freq[notes->nr] = dev_pm_opp_get_freq(opp);
		notes->u_volt[notes->nr] = dev_pm_opp_get_voltage(opp);
	}
	notes->nr++;
	return NOTIFY_OK;
}

static void conf_notes_stop(void *data)
{
	struct conf_notes *notes = data;

	dev_pm_opp_unregister_notifier(notes->dev, &notes->nb);
}

/* Records the notifications of @dev's table, which must exist. */
struct conf_notes *conf_notes(struct kunit *test, struct device *dev)
{
	struct conf_notes *notes = kunit_kzalloc(test, sizeof(*notes),
						 GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, notes);
	notes->dev = dev;
	notes->nb.notifier_call = conf_notes_cb;
	KUNIT_ASSERT_EQ(test, dev_pm_opp_register_notifier(dev, &notes->nb), 0);
	conf_defer(test, conf_notes_stop, notes);
	return notes;
}

/* debugfs */

/* Opens /sys/kernel/debug/@path through a kernel mount of debugfs. */
static struct file *conf_debugfs_open(const char *path, struct vfsmount **mnt)
{
	struct file_system_type *type = get_fs_type("debugfs");
	struct file *file;

	if (!type)
		return ERR_PTR(-ENODEV);
	*mnt = kern_mount(type);
	if (IS_ERR(*mnt))
		return ERR_CAST(*mnt);
	file = file_open_root_mnt(*mnt, path, O_RDONLY, 0);
	if (IS_ERR(file))
		kern_unmount(*mnt);
	return file;
}

static void conf_debugfs_close(struct file *file, struct vfsmount *mnt)
{
	fput(file);
	kern_unmount(mnt);
}

bool conf_debugfs_exists(struct kunit *test, const char *path)
{
	struct vfsmount *mnt;
	struct file *file = conf_debugfs_open(path, &mnt);

	if (IS_ERR(file))
		return false;
	conf_debugfs_close(file, mnt);
	return true;
}

/*
 * Reads @file from its start as read(2) would, through its own file
 * operations and the user page @ubuf (debugfs files have no read_iter for
 * kernel_read()); @buf, of @size bytes, gets the text, NUL-terminated.
 * Returns the byte count or -errno.
 */
static ssize_t conf_file_read(struct file *file, unsigned long ubuf,
			      char *buf, size_t size)
{
	loff_t pos = 0;
	ssize_t n;

	size = min_t(size_t, size - 1, PAGE_SIZE);
	n = file->f_op->read ? file->f_op->read(file, (char __user *)ubuf,
						size, &pos) : -EINVAL;
	if (n > 0 && copy_from_user(buf, (char __user *)ubuf, n))
		n = -EFAULT;
	buf[n > 0 ? n : 0] = '\0';
	return n;
}

/*
 * Reads a debugfs file from its start as read(2) would, through its own
 * file operations and a user buffer; @buf gets the text, NUL-terminated.
 */
ssize_t conf_debugfs_read(struct kunit *test, const char *path, char *buf,
			  size_t size)
{
	unsigned long ubuf = kunit_vm_mmap(test, NULL, 0, PAGE_SIZE,
					   PROT_READ | PROT_WRITE,
					   MAP_ANONYMOUS | MAP_PRIVATE, 0);
	struct vfsmount *mnt;
	struct file *file;
	ssize_t n;

	buf[0] = '\0';
	KUNIT_ASSERT_NE(test, ubuf, 0);
	file = conf_debugfs_open(path, &mnt);
	if (IS_ERR(file))
		return PTR_ERR(file);
	n = conf_file_read(file, ubuf, buf, size);
	conf_debugfs_close(file, mnt);
	return n;
}

void conf_expect_debugfs(struct kunit *test, const char *path,
			 const char *text)
{
	char buf[128];
	ssize_t n = conf_debugfs_read(test, path, buf, sizeof(buf));

	KUNIT_EXPECT_GT_MSG(test, n, 0, "reading %s", path);
	KUNIT_EXPECT_STREQ_MSG(test, buf, text, "%s", path);
}

#define CONF_DIR_MAX		48
#define CONF_DIR_NAME		40
#define CONF_DIR_DEPTH		4
#define CONF_PATH_LEN		160

struct conf_dirent {
	char name[CONF_DIR_NAME];
	unsigned int type;
};

struct conf_dir {
	struct dir_context ctx;
	unsigned int nr;
	struct conf_dirent e[CONF_DIR_MAX];
};

static bool conf_dir_actor(struct dir_context *ctx, const char *name, int len,
			   loff_t pos, u64 ino, unsigned int type)
{
	struct conf_dir *d = container_of(ctx, struct conf_dir, ctx);
	struct conf_dirent *e;

	if ((len == 1 && name[0] == '.') || (len == 2 && !memcmp(name, "..", 2)))
		return true;
	if (d->nr == CONF_DIR_MAX)
		return false;
	e = &d->e[d->nr++];
	len = min(len, CONF_DIR_NAME - 1);
	memcpy(e->name, name, len);
	e->name[len] = '\0';
	e->type = type;
	return true;
}

static int conf_dirent_cmp(const void *a, const void *b)
{
	const struct conf_dirent *x = a, *y = b;

	return strcmp(x->name, y->name);
}

/* What a walk shares: a user page to read into, and where to report. */
struct conf_walk {
	struct vfsmount *mnt;
	unsigned long ubuf;
	char text[PAGE_SIZE];
	conf_debugfs_emit_t emit;
	void *priv;
};

static void conf_walk_file(struct conf_walk *w, const char *path)
{
	struct file *file = file_open_root_mnt(w->mnt, path, O_RDONLY, 0);
	ssize_t n;

	if (IS_ERR(file)) {
		snprintf(w->text, sizeof(w->text), "<open %ld>", PTR_ERR(file));
		w->emit(w->priv, path, w->text);
		return;
	}
	n = conf_file_read(file, w->ubuf, w->text, sizeof(w->text));
	if (n < 0)
		snprintf(w->text, sizeof(w->text), "<read %zd>", n);
	fput(file);
	w->emit(w->priv, path, w->text);
}

static int conf_walk_dir(struct conf_walk *w, const char *dir, int depth)
{
	struct conf_dir *d = kzalloc(sizeof(*d), GFP_KERNEL);
	char path[CONF_PATH_LEN];
	struct file *file;
	unsigned int i;
	int ret;

	if (!d)
		return -ENOMEM;
	d->ctx.actor = conf_dir_actor;
	file = file_open_root_mnt(w->mnt, dir, O_RDONLY | O_DIRECTORY, 0);
	ret = PTR_ERR_OR_ZERO(file);
	if (!ret) {
		ret = iterate_dir(file, &d->ctx);
		fput(file);
	}
	sort(d->e, d->nr, sizeof(d->e[0]), conf_dirent_cmp, NULL);
	for (i = 0; !ret && i < d->nr; i++) {
		snprintf(path, sizeof(path), "%s/%s", dir, d->e[i].name);
		if (d->e[i].type == DT_DIR) {
			w->emit(w->priv, path, "<dir>");
			if (depth < CONF_DIR_DEPTH)
				conf_walk_dir(w, path, depth + 1);
		} else if (d->e[i].type == DT_LNK) {
			w->emit(w->priv, path, "<link>");
		} else {
			conf_walk_file(w, path);
		}
	}
	kfree(d);
	return ret;
}

int conf_debugfs_walk(struct kunit *test, const char *dir,
		      conf_debugfs_emit_t emit, void *priv)
{
	struct file_system_type *type = get_fs_type("debugfs");
	struct conf_walk *w;
	int ret;

	if (!type)
		return -ENODEV;
	w = kunit_kzalloc(test, sizeof(*w), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, w);
	w->ubuf = kunit_vm_mmap(test, NULL, 0, PAGE_SIZE,
				PROT_READ | PROT_WRITE,
				MAP_ANONYMOUS | MAP_PRIVATE, 0);
	KUNIT_ASSERT_NE(test, w->ubuf, 0);
	w->emit = emit;
	w->priv = priv;
	w->mnt = kern_mount(type);
	put_filesystem(type);
	if (IS_ERR(w->mnt))
		return PTR_ERR(w->mnt);
	ret = conf_walk_dir(w, dir, 1);
	kern_unmount(w->mnt);
	kunit_kfree(test, w);
	return ret;
}
