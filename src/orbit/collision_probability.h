// The largest collision probability an approach can have when the objects' position
// uncertainty is not known (Alfano, "Relating Position Uncertainty to Maximum Conjunction
// Probability", J. Astronaut. Sci. 53(2), 2005), as SOCRATES reports it: the combined
// uncertainty taken as circular in the encounter plane, of the standard deviation that makes
// the probability of the hard body's disc the largest. That standard deviation is the dilution
// threshold: with more uncertainty than it, the probability falls again.
#pragma once

namespace gpq::orbit {

struct MaximumProbability {
  double probability = 0;        // 0 .. 1
  double dilution_sigma_km = 0;  // the standard deviation at the maximum
};

// The probability that the relative position, normally distributed about the miss vector
// (length `miss_km`) with standard deviation `sigma_km` in each direction of the encounter
// plane, falls within `radius_km` of the origin.
double disc_probability(double miss_km, double radius_km, double sigma_km);

// Its largest value over sigma. A miss inside the disc tends to 1 as sigma goes to 0: the
// answer is then 1 with a dilution sigma of 0.
MaximumProbability maximum_probability(double miss_km, double radius_km);

}  // namespace gpq::orbit
