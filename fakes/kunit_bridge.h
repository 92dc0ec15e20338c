/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The KUnit helpers the tests use that 6.1 lacks (deferred actions, test
 * devices, test-managed overlays, nodes and clocks, a kvfree_rcu()
 * barrier, a few macros), with 6.12's names and meaning: on 6.12 this
 * header only includes KUnit's own. Every test reaches it through
 * fakes.h, so no suite tells the kernels apart.
 */

#ifndef __OPP_KUNIT_BRIDGE_H__
#define __OPP_KUNIT_BRIDGE_H__

#include <kunit/resource.h>
#include <kunit/test.h>
#include <linux/version.h>

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 2, 0)
#include <kunit/clk.h>
#include <kunit/device.h>
#include <kunit/of.h>
#include <linux/unaligned.h>

/* 6.12's of_overlay_fdt_apply() also takes the node to apply under. */
#define fake_overlay_fdt_apply(fdt, size, id)	\
	of_overlay_fdt_apply(fdt, size, id, NULL)
#else
/* Defined on 6.1 only: this header's helpers are then kunit_bridge.c's. */
#define FAKE_KUNIT_BRIDGED
/*
 * Only generic PM domains take performance states on 6.1, and ask their
 * provider for the state of an OPP.
 */
#define FAKE_PD_IS_GENPD
/* Suites run on 6.1's own core too use 6.1's OPP API only. */
#define OPP_TEST_API_6_1

#include <asm/unaligned.h>
#include <linux/cpumask.h>
#include <linux/energy_model.h>
#include <linux/sched.h>

struct clk;
struct clk_hw;
struct device;
struct device_node;
struct file;
struct of_changeset;

typedef void (kunit_action_t)(void *);

int kunit_add_action_or_reset(struct kunit *test, kunit_action_t *action,
			      void *ctx);
void kunit_release_action(struct kunit *test, kunit_action_t *action,
			  void *ctx);
void kunit_remove_action(struct kunit *test, kunit_action_t *action,
			 void *ctx);

#define KUNIT_DEFINE_ACTION_WRAPPER(wrapper, orig, arg_type)	\
	static void wrapper(void *in)				\
	{							\
		orig((arg_type)in);				\
	}

struct device *kunit_device_register(struct kunit *test, const char *name);
void kunit_device_unregister(struct kunit *test, struct device *dev);
void of_node_put_kunit(struct kunit *test, struct device_node *node);
int of_overlay_fdt_apply_kunit(struct kunit *test, void *overlay_fdt,
			       u32 overlay_fdt_size, int *ovcs_id);
int clk_hw_register_kunit(struct kunit *test, struct device *dev,
			  struct clk_hw *hw);
struct clk *clk_hw_get_clk_kunit(struct kunit *test, struct clk_hw *hw,
				 const char *con_id);

/* A built-in overlay, as kunit/Makefile names its blob on 6.1 too. */
#define of_overlay_apply_kunit(test, name)				\
({									\
	extern u8 __dtbo_##name##_begin[];				\
	extern u8 __dtbo_##name##_end[];				\
	int __id;							\
									\
	of_overlay_fdt_apply_kunit(test, __dtbo_##name##_begin,	\
				   __dtbo_##name##_end -		\
				   __dtbo_##name##_begin, &__id);	\
})

#define fake_overlay_fdt_apply(fdt, size, id)	\
	of_overlay_fdt_apply(fdt, size, id)

#define KUNIT_FAIL_AND_ABORT(test, fmt, ...)	\
	KUNIT_ASSERT_FAILURE(test, fmt, ##__VA_ARGS__)
#define KUNIT_CASE_SLOW(test_name)	KUNIT_CASE(test_name)

static inline struct kunit *kunit_get_current_test(void)
{
	return current->kunit_test;
}

struct console;
bool console_is_registered(const struct console *con);

/* Built-in only on 6.1: they use what it does not export. */
void kvfree_rcu_barrier(void);
unsigned long kunit_vm_mmap(struct kunit *test, struct file *file,
			    unsigned long addr, unsigned long len,
			    unsigned long prot, unsigned long flag,
			    unsigned long offset);
struct device_node *of_changeset_create_node(struct of_changeset *ocs,
					     struct device_node *parent,
					     const char *full_name);
int of_changeset_add_prop_u32_array(struct of_changeset *ocs,
				    struct device_node *np,
				    const char *prop_name,
				    const u32 *array, size_t sz);

static inline int of_changeset_add_prop_u32(struct of_changeset *ocs,
					    struct device_node *np,
					    const char *prop_name,
					    const u32 val)
{
	return of_changeset_add_prop_u32_array(ocs, np, prop_name, &val, 1);
}

static inline struct em_perf_state *
em_perf_state_from_pd(struct em_perf_domain *pd)
{
	return pd->table;
}
#endif

#endif /* __OPP_KUNIT_BRIDGE_H__ */
