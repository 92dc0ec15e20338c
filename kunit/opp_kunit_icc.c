// SPDX-License-Identifier: GPL-2.0-only
/*
 * A fake interconnect provider for the KUnit suites: nodes that accept any
 * bandwidth, so that tables with "interconnects" get real paths.
 */

#include <kunit/test.h>
#include <linux/device.h>
#include <linux/interconnect-provider.h>
#include <linux/slab.h>

#include "opp_kunit_helpers.h"

/* Node ids are global in the interconnect core: stay clear of real ones. */
#define OPP_KUNIT_ICC_ID_BASE	0x4f5000

/**
 * struct opp_kunit_icc - a provider and its nodes
 * @provider: the provider
 * @data: the nodes, indexed by the one cell of the "interconnects" specifier
 * @record: told the bandwidth of each link set, or NULL
 * @record_data: what @record is given
 */
struct opp_kunit_icc {
	struct icc_provider provider;
	struct icc_onecell_data *data;
	void (*record)(void *data, u32 avg, u32 peak);
	void *record_data;
};

static int opp_kunit_icc_set(struct icc_node *src, struct icc_node *dst)
{
	struct opp_kunit_icc *icc = container_of(dst->provider,
						 struct opp_kunit_icc,
						 provider);

	if (icc->record && src != dst)
		icc->record(icc->record_data, dst->avg_bw, dst->peak_bw);
	return 0;
}

/*
 * Nodes start without bandwidth: otherwise, until a sync_state that never
 * comes here, the core would keep them at INT_MAX whatever is asked.
 */
static int opp_kunit_icc_get_bw(struct icc_node *node, u32 *avg, u32 *peak)
{
	*avg = 0;
	*peak = 0;
	return 0;
}

static void opp_kunit_icc_remove(void *data)
{
	struct opp_kunit_icc *icc = data;
	unsigned int i;

	icc_provider_deregister(&icc->provider);
	icc_nodes_remove(&icc->provider);
	for (i = 0; i < icc->data->num_nodes; i++)
		icc_node_destroy(OPP_KUNIT_ICC_ID_BASE + i);
}

/* Node @i, added to @icc's provider and reached from node i - 1. */
static int opp_kunit_icc_add_node(struct opp_kunit_icc *icc, unsigned int i)
{
	struct icc_node *node = icc_node_create(OPP_KUNIT_ICC_ID_BASE + i);

	if (IS_ERR(node))
		return PTR_ERR(node);

	node->name = "opp-kunit-icc";
	icc_node_add(node, &icc->provider);
	icc->data->nodes[i] = node;
	if (i)
		return icc_link_create(icc->data->nodes[i - 1],
				       OPP_KUNIT_ICC_ID_BASE + i);
	return 0;
}

/**
 * opp_kunit_icc_provider() - register an interconnect provider for a node
 * @test: the test; the provider goes away when it ends
 * @compatible: the compatible string of the provider's device tree node,
 *	from an overlay the test applied
 * @nr: number of nodes, each linked to the next: "interconnects = <&p a
 *	&p b>" with a < b < @nr is a path
 *
 * Register it before the devices whose tables use it, so that it outlives
 * their paths.
 *
 * Return: the provider, test-managed.
 */
struct opp_kunit_icc *opp_kunit_icc_provider(struct kunit *test,
					     const char *compatible,
					     unsigned int nr)
{
	struct opp_kunit_icc *icc = kunit_kzalloc(test, sizeof(*icc),
						  GFP_KERNEL);
	unsigned int i;
	int ret;

	KUNIT_ASSERT_NOT_NULL(test, icc);
	icc->data = kunit_kzalloc(test, struct_size(icc->data, nodes, nr),
				  GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, icc->data);
	icc->data->num_nodes = nr;

	icc->provider.dev = opp_kunit_of_device(test, compatible);
	icc->provider.set = opp_kunit_icc_set;
	icc->provider.get_bw = opp_kunit_icc_get_bw;
	icc->provider.aggregate = icc_std_aggregate;
	icc->provider.xlate = of_icc_xlate_onecell;
	icc->provider.data = icc->data;
	icc_provider_init(&icc->provider);

	for (i = 0; i < nr; i++) {
		ret = opp_kunit_icc_add_node(icc, i);
		if (ret) {
			icc_nodes_remove(&icc->provider);
			while (i--)
				icc_node_destroy(OPP_KUNIT_ICC_ID_BASE + i);
			KUNIT_FAIL_AND_ABORT(test, "icc node %u: %d", i, ret);
		}
	}

	ret = icc_provider_register(&icc->provider);
	if (ret) {
		/* Nothing holds the nodes yet: they go before the abort. */
		icc_nodes_remove(&icc->provider);
		for (i = 0; i < nr; i++)
			icc_node_destroy(OPP_KUNIT_ICC_ID_BASE + i);
	}
	KUNIT_ASSERT_EQ(test, ret, 0);
	ret = kunit_add_action_or_reset(test, opp_kunit_icc_remove, icc);
	KUNIT_ASSERT_EQ(test, ret, 0);
	return icc;
}

/**
 * opp_kunit_icc_record() - have a provider report the bandwidth it is set to
 * @icc: the provider
 * @record: called with the aggregated bandwidth of each link it sets
 * @data: given to @record
 */
void opp_kunit_icc_record(struct opp_kunit_icc *icc,
			  void (*record)(void *data, u32 avg, u32 peak),
			  void *data)
{
	icc->record_data = data;
	icc->record = record;
}
