/**
 * The envelope messages of an area's CRUD routes in the words the simple areas share, from the
 * names of many and of one record ("Designs", "Design"). The pick list says what the list says.
 */
export function crudMessages(plural: string, singular: string) {
  return {
    list: `${plural} fetched successfully`,
    all: `${plural} fetched successfully`,
    get: `${singular} fetched successfully`,
    created: `${singular} created successfully`,
    updated: `${singular} updated successfully`,
    deleted: `${singular} deleted successfully`,
    notFound: `${singular} not found`,
  };
}
