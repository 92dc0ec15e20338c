// SPDX-License-Identifier: GPL-2.0-only
/*
 * A fake interconnect provider: four nodes, two paths, any bandwidth; the
 * peak bandwidth set on a path's source is logged.
 */

#include <kunit/test.h>
#include <linux/device.h>
#include <linux/slab.h>

#include "fakes.h"

/* Node ids are global in the interconnect core: stay clear of real ones. */
#define FAKE_ICC_BASE_ID	0x0c0f00

static const char * const fake_icc_names[FAKE_ICC_NODES] = {
	"fake-m0", "fake-s0", "fake-m1", "fake-s1",
};

static int fake_icc_set(struct icc_node *src, struct icc_node *dst)
{
	struct fake_icc *icc = src->data;

	icc->avg = src->avg_bw;
	icc->peak = src->peak_bw;
	fake_log_add(icc->log, FAKE_EV_BW, src->id - FAKE_ICC_BASE_ID,
		     src->peak_bw);
	return 0;
}

/*
 * Nodes start without bandwidth: otherwise, until a sync_state that never
 * comes, the interconnect core would hold them at INT_MAX.
 */
static int fake_icc_get_bw(struct icc_node *node, u32 *avg, u32 *peak)
{
	*avg = 0;
	*peak = 0;
	return 0;
}

static void fake_icc_remove(void *data)
{
	struct fake_icc *icc = data;

	icc_provider_deregister(&icc->provider);
	icc_nodes_remove(&icc->provider);
}

static int fake_icc_add_nodes(struct fake_icc *icc)
{
	struct icc_node *node;
	unsigned int i;
	int ret;

	for (i = 0; i < FAKE_ICC_NODES; i++) {
		node = icc_node_create(FAKE_ICC_BASE_ID + i);
		if (IS_ERR(node))
			return PTR_ERR(node);
		node->name = fake_icc_names[i];
		node->data = icc;
		icc_node_add(node, &icc->provider);
		icc->data->nodes[i] = node;
	}
	icc->data->num_nodes = FAKE_ICC_NODES;
	ret = icc_link_create(icc->data->nodes[0], FAKE_ICC_BASE_ID + 1);
	if (!ret)
		ret = icc_link_create(icc->data->nodes[2], FAKE_ICC_BASE_ID + 3);
	return ret;
}

/**
 * fake_icc() - an interconnect provider on a device's node
 * @test: the test that owns it
 * @log: where the bandwidths go, with the source node's number as id, or
 *	NULL
 * @dev: the provider's device, bound to a node with #interconnect-cells
 *	= <1>
 *
 * Nodes 0 to 3 are fake-m0, fake-s0, fake-m1 and fake-s1; 0 is linked to
 * 1 and 2 to 3, so "interconnects = <&icc 0 &icc 1>" is the path
 * fake-m0-fake-s0. The provider is removed when the test ends.
 *
 * Context: Process context; sleeps.
 * Return: the provider; the test aborts if it cannot be made.
 */
struct fake_icc *fake_icc(struct kunit *test, struct fake_log *log,
			  struct device *dev)
{
	struct fake_icc *icc = kunit_kzalloc(test, sizeof(*icc), GFP_KERNEL);
	struct icc_provider *p;
	int ret;

	KUNIT_ASSERT_NOT_NULL(test, icc);
	icc->log = log;
	icc->data = kunit_kzalloc(test, struct_size(icc->data, nodes,
						    FAKE_ICC_NODES), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, icc->data);

	p = &icc->provider;
	p->dev = dev;
	p->set = fake_icc_set;
	p->get_bw = fake_icc_get_bw;
	p->aggregate = icc_std_aggregate;
	p->xlate = of_icc_xlate_onecell;
	p->data = icc->data;
	icc_provider_init(p);

	ret = fake_icc_add_nodes(icc);
	if (!ret)
		ret = icc_provider_register(p);
	if (ret) {
		icc_nodes_remove(p);
		KUNIT_FAIL_AND_ABORT(test, "fake interconnect provider: %d", ret);
	}
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, fake_icc_remove,
							icc), 0);
	return icc;
}
EXPORT_SYMBOL_GPL(fake_icc);
