/** The whole answer to a design code the organization already has, in any letter case. */
export const DUPLICATE_DESIGN_CODE_FAILURE = {
  success: false,
  code: 'duplicate',
  message: 'A design with this code already exists',
  errors: [
    {
      path: 'designCode',
      code: 'duplicate',
      message: 'A design with this code already exists',
    },
  ],
};
