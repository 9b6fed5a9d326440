#include "overhead/kernels/catalog.hpp"

#include <gtest/gtest.h>

#include "corpus/taxonomy.hpp"

namespace assay::overhead {

TEST(OverheadCatalog, KernelsAndTheirVariants) {
  ASSERT_NE(find_kernel("cfd"), nullptr);
  EXPECT_EQ(find_kernel("cfd")->variants,
            (std::vector<std::string>{"two-sided", "fence", "pscw", "passive", "notified"}));
  EXPECT_TRUE(has_variant(*find_kernel("heat2d"), "no-corners"));
  EXPECT_FALSE(has_variant(*find_kernel("heat2d"), "fence"));
  EXPECT_EQ(find_kernel("nope"), nullptr);
  EXPECT_TRUE(is_size_preset("M"));
  EXPECT_FALSE(is_size_preset("XL"));
}

TEST(OverheadCatalog, InjectsNameRealVariantsAndTaxonomyClasses) {
  Taxonomy tax = Taxonomy::load(std::string(ASSAY_SOURCE_DIR) + "/taxonomy/classes.json");
  for (const auto& k : kernel_catalog()) {
    EXPECT_FALSE(k.injects.empty()) << k.name;
    for (const auto& inject : k.injects) {
      EXPECT_EQ(find_inject(k, inject.name), &inject);
      EXPECT_NE(tax.find(inject.error_class), nullptr) << k.name << " --inject=" << inject.name;
      for (const auto& v : inject.variants) EXPECT_TRUE(has_variant(k, v)) << k.name << " " << inject.name;
    }
  }
}

}  // namespace assay::overhead
