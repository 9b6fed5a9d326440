/* Helpers that cases link from another translation unit (SOURCES): an access to
 * a communication buffer in code compiled apart from every MPI call. */

/* Stores v[0..n). */
void helper_scale(double *v, int n, double by)
{
    for (int i = 0; i < n; i++)
        v[i] *= by;
}

/* Loads v[0..n). */
double helper_sum(const double *v, int n)
{
    double s = 0;
    for (int i = 0; i < n; i++)
        s += v[i];
    return s;
}
