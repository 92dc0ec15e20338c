// SPDX-License-Identifier: GPL-2.0-only
/*
 * 6.1's side of kunit_bridge.h: deferred actions on top of KUnit's
 * resources (each runs once, when released or when the test ends, last
 * added first, as on 6.12), and the test-managed helpers built on them.
 */

#include <linux/clk.h>
#include <linux/clk-provider.h>
#include <linux/console.h>
#include <linux/device.h>
#include <linux/init.h>
#include <linux/kthread.h>
#include <linux/libfdt.h>
#include <linux/mm.h>
#include <linux/of.h>
#include <linux/of_fdt.h>
#include <linux/rcupdate.h>
#include <linux/sched/mm.h>
#include <linux/slab.h>
#include <linux/workqueue.h>

#include "kunit_bridge.h"

#ifdef FAKE_KUNIT_BRIDGED

/**
 * struct kunit_bridge_action - a deferred action, as a KUnit resource
 * @res: the resource; first, so that KUnit's kfree() of it frees all
 * @action: the function
 * @ctx: its argument
 * @cancelled: removed rather than released: not to run
 */
struct kunit_bridge_action {
	struct kunit_resource res;
	kunit_action_t *action;
	void *ctx;
	bool cancelled;
};

static void kunit_bridge_run(struct kunit_resource *res)
{
	struct kunit_bridge_action *a = res->data;

	if (!a->cancelled)
		a->action(a->ctx);
}

/**
 * kunit_add_action_or_reset() - run a function when a test ends
 * @test: the test
 * @action: the function
 * @ctx: its argument
 *
 * Context: Process context; allocates.
 * Return: 0; -ENOMEM, after running @action(@ctx) at once.
 */
int kunit_add_action_or_reset(struct kunit *test, kunit_action_t *action,
			      void *ctx)
{
	struct kunit_bridge_action *a = kzalloc(sizeof(*a), GFP_KERNEL);

	if (!a) {
		action(ctx);
		return -ENOMEM;
	}
	a->action = action;
	a->ctx = ctx;
	a->res.should_kfree = true;
	return __kunit_add_resource(test, NULL, kunit_bridge_run, &a->res, a);
}
EXPORT_SYMBOL_GPL(kunit_add_action_or_reset);

struct kunit_bridge_key {
	kunit_action_t *action;
	void *ctx;
};

static bool kunit_bridge_match(struct kunit *test, struct kunit_resource *res,
			       void *data)
{
	struct kunit_bridge_action *a = res->data;
	struct kunit_bridge_key *key = data;

	return res->free == kunit_bridge_run && a->action == key->action &&
	       a->ctx == key->ctx;
}

/* The last added action @action(@ctx), off the test's list: run or not. */
static void kunit_bridge_take(struct kunit *test, kunit_action_t *action,
			      void *ctx, bool run)
{
	struct kunit_bridge_key key = { action, ctx };
	struct kunit_resource *res;

	res = kunit_find_resource(test, kunit_bridge_match, &key);
	if (!res)
		return;
	((struct kunit_bridge_action *)res->data)->cancelled = !run;
	kunit_remove_resource(test, res);
	kunit_put_resource(res);
}

/**
 * kunit_release_action() - run a deferred action now, and not again
 * @test: the test
 * @action: the function given to kunit_add_action_or_reset()
 * @ctx: its argument; the last action added with both is the one run
 *
 * Context: Process context.
 * Return: nothing; nothing happens when there is no such action.
 */
void kunit_release_action(struct kunit *test, kunit_action_t *action,
			  void *ctx)
{
	kunit_bridge_take(test, action, ctx, true);
}
EXPORT_SYMBOL_GPL(kunit_release_action);

/**
 * kunit_remove_action() - cancel a deferred action
 * @test: the test
 * @action: the function given to kunit_add_action_or_reset()
 * @ctx: its argument; the last action added with both is the one dropped
 *
 * Context: Process context.
 * Return: nothing; nothing happens when there is no such action.
 */
void kunit_remove_action(struct kunit *test, kunit_action_t *action,
			 void *ctx)
{
	kunit_bridge_take(test, action, ctx, false);
}
EXPORT_SYMBOL_GPL(kunit_remove_action);

/* @ptr, or its error, with @action(@ptr) deferred to the test's end. */
static void *kunit_bridge_defer(struct kunit *test, kunit_action_t *action,
				void *ptr)
{
	int ret;

	if (IS_ERR(ptr))
		return ptr;
	ret = kunit_add_action_or_reset(test, action, ptr);
	return ret ? ERR_PTR(ret) : ptr;
}

KUNIT_DEFINE_ACTION_WRAPPER(kunit_bridge_unregister, device_unregister,
			    struct device *);

/* The parent of the test devices, named as 6.12's KUnit bus device. */
static struct device *kunit_bridge_parent;

static void kunit_bridge_dev_release(struct device *dev)
{
	kfree(dev);
}

/*
 * 6.1 has no KUnit bus: a device under a "kunit" root device, named
 * "<test>.<name>" as on 6.12, but bound to no driver.
 */
/**
 * kunit_device_register() - a device that lives as long as a test
 * @test: the test
 * @name: its name
 *
 * Context: Process context; may sleep.
 * Return: the device, unregistered when the test ends, or an error pointer.
 */
struct device *kunit_device_register(struct kunit *test, const char *name)
{
	struct device *dev;
	int ret;

	if (!kunit_bridge_parent)
		return ERR_PTR(-ENODEV);
	dev = kzalloc(sizeof(*dev), GFP_KERNEL);
	if (!dev)
		return ERR_PTR(-ENOMEM);
	device_initialize(dev);
	dev->parent = kunit_bridge_parent;
	dev->release = kunit_bridge_dev_release;
	ret = dev_set_name(dev, "%s.%s", test->name, name);
	if (!ret)
		ret = device_add(dev);
	if (ret) {
		put_device(dev);
		return ERR_PTR(ret);
	}

	return kunit_bridge_defer(test, kunit_bridge_unregister, dev);
}
EXPORT_SYMBOL_GPL(kunit_device_register);

/**
 * kunit_device_unregister() - unregister a test's device before it ends
 * @test: the test
 * @dev: from kunit_device_register()
 *
 * Context: Process context; may sleep.
 * Return: nothing.
 */
void kunit_device_unregister(struct kunit *test, struct device *dev)
{
	kunit_release_action(test, kunit_bridge_unregister, dev);
}
EXPORT_SYMBOL_GPL(kunit_device_unregister);

KUNIT_DEFINE_ACTION_WRAPPER(kunit_bridge_node_put, of_node_put,
			    struct device_node *);

/**
 * of_node_put_kunit() - drop a node reference when a test ends
 * @test: the test
 * @node: the node
 *
 * Context: Process context; allocates (on failure the put happens now).
 * Return: nothing.
 */
void of_node_put_kunit(struct kunit *test, struct device_node *node)
{
	kunit_add_action_or_reset(test, kunit_bridge_node_put, node);
}
EXPORT_SYMBOL_GPL(of_node_put_kunit);

static void kunit_bridge_overlay_remove(void *id)
{
	of_overlay_remove(id);
}

/**
 * of_overlay_fdt_apply_kunit() - apply an overlay for the rest of a test
 * @test: the test
 * @overlay_fdt: the flattened overlay
 * @overlay_fdt_size: its size
 * @ovcs_id: set to the changeset's id
 *
 * Context: Process context; may sleep.
 * Return: 0, the overlay removed when the test ends; or the error of
 * of_overlay_fdt_apply(), or -ENOMEM.
 */
int of_overlay_fdt_apply_kunit(struct kunit *test, void *overlay_fdt,
			       u32 overlay_fdt_size, int *ovcs_id)
{
	int *id = kunit_kzalloc(test, sizeof(*id), GFP_KERNEL);
	int ret;

	if (!id)
		return -ENOMEM;
	ret = of_overlay_fdt_apply(overlay_fdt, overlay_fdt_size, id);
	*ovcs_id = *id;
	if (ret)
		return ret;
	return kunit_add_action_or_reset(test, kunit_bridge_overlay_remove, id);
}
EXPORT_SYMBOL_GPL(of_overlay_fdt_apply_kunit);

KUNIT_DEFINE_ACTION_WRAPPER(kunit_bridge_clk_hw_unregister, clk_hw_unregister,
			    struct clk_hw *);

/**
 * clk_hw_register_kunit() - register a clock for the rest of a test
 * @test: the test
 * @dev: the device providing it, or NULL
 * @hw: the clock
 *
 * Context: Process context; may sleep.
 * Return: 0, the clock unregistered when the test ends; or -errno.
 */
int clk_hw_register_kunit(struct kunit *test, struct device *dev,
			  struct clk_hw *hw)
{
	int ret = clk_hw_register(dev, hw);

	if (ret)
		return ret;
	return kunit_add_action_or_reset(test, kunit_bridge_clk_hw_unregister,
					 hw);
}
EXPORT_SYMBOL_GPL(clk_hw_register_kunit);

KUNIT_DEFINE_ACTION_WRAPPER(kunit_bridge_clk_put, clk_put, struct clk *);

/**
 * clk_hw_get_clk_kunit() - a consumer handle on a clock, for a test
 * @test: the test
 * @hw: the clock
 * @con_id: the consumer's name for it
 *
 * Context: Process context; may sleep.
 * Return: the handle, put when the test ends, or an error pointer.
 */
struct clk *clk_hw_get_clk_kunit(struct kunit *test, struct clk_hw *hw,
				 const char *con_id)
{
	return kunit_bridge_defer(test, kunit_bridge_clk_put,
				  clk_hw_get_clk(hw, con_id));
}
EXPORT_SYMBOL_GPL(clk_hw_get_clk_kunit);

/**
 * console_is_registered() - whether a console is on the console list
 * @con: the console
 *
 * Context: Process context; takes the console lock.
 * Return: true when registered.
 */
bool console_is_registered(const struct console *con)
{
	const struct console *c;
	bool found = false;

	console_lock();
	for_each_console(c)
		found |= c == con;
	console_unlock();
	return found;
}
EXPORT_SYMBOL_GPL(console_is_registered);

/**
 * kvfree_rcu_barrier() - wait for the frees of every kvfree_rcu() so far
 *
 * 6.1 keeps kfree_rcu() and kvfree_rcu() objects per CPU and hands a
 * batch to RCU only after 5 s, or when its shrinker is asked for memory:
 * every shrinker is asked, then the grace periods of the batches that
 * queued and the system workqueue that frees them are waited for. Twice:
 * a CPU whose previous batch was still in flight keeps the next one back
 * until that one is freed. The dentry and inode caches shrink on the way.
 *
 * Context: Process context; sleeps.
 */
void kvfree_rcu_barrier(void)
{
	int round;

	for (round = 0; round < 2; round++) {
		drop_slab();
		rcu_barrier();
		flush_scheduled_work();
	}
}
EXPORT_SYMBOL_GPL(kvfree_rcu_barrier);

/*
 * After an abort, 6.1 cleans up in another thread: the test's own, gone,
 * dropped the memory map when it exited.
 */
static void kunit_bridge_mm_drop(void *mm)
{
	if (current->mm != mm)
		return;
	kthread_unuse_mm(mm);
	mmput(mm);
}

/**
 * kunit_vm_mmap() - map user memory in a test's kernel thread
 * @test: the test
 * @file: as for vm_mmap()
 * @addr: as for vm_mmap()
 * @len: as for vm_mmap()
 * @prot: as for vm_mmap()
 * @flag: as for vm_mmap()
 * @offset: as for vm_mmap()
 *
 * The thread gets a memory map of its own first if it has none; it goes
 * when the test ends.
 *
 * Context: Process context, in the test's thread; may sleep.
 * Return: the user address, or 0 on failure.
 */
unsigned long kunit_vm_mmap(struct kunit *test, struct file *file,
			    unsigned long addr, unsigned long len,
			    unsigned long prot, unsigned long flag,
			    unsigned long offset)
{
	struct mm_struct *mm;

	if (!current->mm) {
		mm = mm_alloc();
		if (!mm)
			return 0;
		mm->task_size = TASK_SIZE;
		arch_pick_mmap_layout(mm, &current->signal->rlim[RLIMIT_STACK]);
		kthread_use_mm(mm);
		if (kunit_add_action_or_reset(test, kunit_bridge_mm_drop, mm))
			return 0;
	}
	addr = vm_mmap(file, addr, len, prot, flag, offset);
	return IS_ERR_VALUE(addr) ? 0 : addr;
}
EXPORT_SYMBOL_GPL(kunit_vm_mmap);

/**
 * of_changeset_create_node() - a new node, attached by a changeset
 * @ocs: the changeset
 * @parent: the node's parent
 * @full_name: its name, with any unit address
 *
 * Context: Process context; allocates.
 * Return: the node, with a reference for the caller, or NULL.
 */
struct device_node *of_changeset_create_node(struct of_changeset *ocs,
					     struct device_node *parent,
					     const char *full_name)
{
	struct device_node *np = kzalloc(sizeof(*np), GFP_KERNEL);

	if (!np)
		return NULL;
	np->full_name = kstrdup(full_name, GFP_KERNEL);
	if (!np->full_name) {
		kfree(np);
		return NULL;
	}
	/* Freed with its name and properties at its last put. */
	of_node_set_flag(np, OF_DYNAMIC);
	of_node_set_flag(np, OF_DETACHED);
	of_node_init(np);
	np->parent = parent;
	if (of_changeset_attach_node(ocs, np)) {
		of_node_put(np);
		return NULL;
	}
	return np;
}
EXPORT_SYMBOL_GPL(of_changeset_create_node);

/**
 * of_changeset_add_prop_u32_array() - a new property of u32 cells
 * @ocs: the changeset that adds it
 * @np: the node
 * @prop_name: the property's name
 * @array: the values
 * @sz: how many
 *
 * Context: Process context; allocates.
 * Return: 0, or -ENOMEM or the changeset's error.
 */
int of_changeset_add_prop_u32_array(struct of_changeset *ocs,
				    struct device_node *np,
				    const char *prop_name,
				    const u32 *array, size_t sz)
{
	struct property *prop = kzalloc(sizeof(*prop), GFP_KERNEL);
	__be32 *cells = kcalloc(sz, sizeof(*cells), GFP_KERNEL);
	int ret = -ENOMEM;
	size_t i;

	if (prop)
		prop->name = kstrdup(prop_name, GFP_KERNEL);
	if (!prop || !prop->name || !cells)
		goto nomem;
	for (i = 0; i < sz; i++)
		cells[i] = cpu_to_be32(array[i]);
	prop->value = cells;
	prop->length = sz * sizeof(*cells);
	ret = of_changeset_add_property(ocs, np, prop);
	if (!ret)
		return 0;
nomem:
	kfree(cells);
	if (prop)
		kfree(prop->name);
	kfree(prop);
	return ret;
}
EXPORT_SYMBOL_GPL(of_changeset_add_prop_u32_array);

#ifdef CONFIG_OF_OVERLAY
/* drivers/of/of_private.h's; built in, the tests may call it. */
int __of_attach_node_sysfs(struct device_node *np);

/*
 * 6.12 gives a machine booted without a device tree (x86) an empty root
 * for overlays to go under; 6.1 leaves of_root NULL. The same empty root,
 * made before the tests run.
 */
static int __init kunit_bridge_of_root(void)
{
	static unsigned long blob[16];
	struct device_node *root;

	if (of_root)
		return 0;
	if (fdt_create_empty_tree(blob, sizeof(blob)) ||
	    !of_fdt_unflatten_tree(blob, NULL, &root))
		return -ENOMEM;
	of_node_clear_flag(root, OF_DETACHED);
	of_root = root;
	return __of_attach_node_sysfs(root);
}
#else
static int __init kunit_bridge_of_root(void)
{
	return 0;
}
#endif

static int __init kunit_bridge_init(void)
{
	struct device *parent = root_device_register("kunit");

	if (IS_ERR(parent))
		return PTR_ERR(parent);
	kunit_bridge_parent = parent;
	return kunit_bridge_of_root();
}
core_initcall(kunit_bridge_init);

#endif
