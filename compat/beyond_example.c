// SPDX-License-Identifier: GPL-2.0-only
/*
 * A PCIe-controller-like driver written the way a Linux 7.x driver writes
 * OPP code, backported to this 6.12 core: OPPs held with __free(put_opp),
 * the link's OPP picked by rate and level at once with
 * dev_pm_opp_find_key_exact(), its bandwidth read with dev_pm_opp_get_bw(),
 * and the low-power state entered with dev_pm_opp_set_level(). It is not part
 * of the OPP core and kbuild never builds it from drivers/opp: make compat
 * compiles it against the grafted header and checks that the core exports
 * every symbol it references.
 */

#include <linux/device.h>
#include <linux/err.h>
#include <linux/interconnect.h>
#include <linux/mod_devicetable.h>
#include <linux/module.h>
#include <linux/platform_device.h>
#include <linux/pm_opp.h>

/* The level the DT gives the controller's idle OPP. */
#define BEYOND_IDLE_LEVEL	1

/* What one controller keeps between probe and remove. */
struct beyond_pcie {
	struct device *dev;
	struct icc_path *mem;
};

/*
 * The OPP of one link configuration: at 8 GT/s x2 and 16 GT/s x1 the clock
 * runs at the same rate, and the level (the data rate) tells them apart.
 */
static int beyond_pcie_set_link(struct beyond_pcie *pcie, unsigned long rate,
				unsigned int gen)
{
	struct dev_pm_opp_key key = {
		.freq = rate,
		.level = gen,
		.bw = 0,
	};
	struct dev_pm_opp *opp __free(put_opp) =
		dev_pm_opp_find_key_exact(pcie->dev, &key, true);
	int ret;

	if (IS_ERR(opp))
		return dev_err_probe(pcie->dev, PTR_ERR(opp),
				     "no OPP for %lu Hz at gen %u\n", rate, gen);

	ret = dev_pm_opp_set_opp(pcie->dev, opp);
	if (ret)
		return ret;

	/* The memory path follows the link, as the OPP's first path says. */
	return icc_set_bw(pcie->mem, dev_pm_opp_get_bw(opp, false, 0),
			  dev_pm_opp_get_bw(opp, true, 0));
}

static int beyond_pcie_probe(struct platform_device *pdev)
{
	struct device *dev = &pdev->dev;
	struct beyond_pcie *pcie;
	int ret;

	pcie = devm_kzalloc(dev, sizeof(*pcie), GFP_KERNEL);
	if (!pcie)
		return -ENOMEM;
	pcie->dev = dev;

	pcie->mem = devm_of_icc_get(dev, "pcie-mem");
	if (IS_ERR(pcie->mem))
		return PTR_ERR(pcie->mem);

	ret = devm_pm_opp_of_add_table(dev);
	if (ret)
		return ret;

	platform_set_drvdata(pdev, pcie);
	return beyond_pcie_set_link(pcie, 0, 3);
}

static void beyond_pcie_remove(struct platform_device *pdev)
{
	struct beyond_pcie *pcie = platform_get_drvdata(pdev);
	struct dev_pm_opp *now __free(put_opp) =
		dev_pm_opp_get_current(pcie->dev);

	if (!IS_ERR(now))
		dev_dbg(pcie->dev, "leaving level %u\n",
			dev_pm_opp_get_level(now));
	dev_pm_opp_set_level(pcie->dev, BEYOND_IDLE_LEVEL);
	icc_set_bw(pcie->mem, 0, 0);
}

static const struct of_device_id beyond_pcie_of_match[] = {
	{ .compatible = "opp-example,beyond-pcie" },
	{}
};
MODULE_DEVICE_TABLE(of, beyond_pcie_of_match);

static struct platform_driver beyond_pcie_driver = {
	.probe = beyond_pcie_probe,
	.remove_new = beyond_pcie_remove,	/* the name 6.1 and 6.12 both take */
	.driver = {
		.name = "opp-beyond-example",
		.of_match_table = beyond_pcie_of_match,
	},
};
module_platform_driver(beyond_pcie_driver);

MODULE_DESCRIPTION("OPP API beyond Linux 6.12: an example user");
MODULE_LICENSE("GPL");
