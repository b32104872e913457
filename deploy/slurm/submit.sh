#!/bin/bash
# Submits the shards as a job array and the merge as a job that waits for all of them.
#   cd deploy/slurm && ./submit.sh   (dicelab on the PATH of the compute nodes)
set -euo pipefail
mkdir -p logs
shards=$(sbatch --parsable simulate.sbatch)
sbatch --dependency="afterok:${shards}" merge.sbatch
