package badinput

import (
	"github.com/featlab/course/featlab/greedy"
	"github.com/featlab/course/featlab/linear"
)

func init() { entrySets = append(entrySets, icEntries) }

// icEntries: model choice along a path (issue 21): information criteria
// on the LARS-lasso path, ridge and OMP by cross-validation.
func icEntries() []*entry {
	return []*entry{
		xyCtx("linear.LassoIC", linear.LassoIC, linear.LassoICContext, linear.LassoICConfig{Criterion: linear.BIC, Intercept: true, NoiseVariance: 1}),
		xyCtx("linear.RidgeCV", linear.RidgeCV, linear.RidgeCVContext, linear.RidgeCVConfig{Intercept: true}),
		xy("linear.RidgeCV/kfold", linear.RidgeCV, linear.RidgeCVConfig{Intercept: true, Folds: 2}, as("linear.RidgeCV")),
		xyCtx("greedy.OMPCV", greedy.OMPCV, greedy.OMPCVContext, greedy.OMPCVConfig{OMP: greedy.OMPConfig{T: 2, Rule: greedy.Correlation, Intercept: true}, Folds: 2}),
	}
}
