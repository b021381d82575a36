/**
 * The envelope messages of an area's CRUD routes in the words the areas share, from the names of
 * many and of one record ("Designs", "Design"). The pick list says what the list says; the writes
 * and the 404 may call one record otherwise ("Worker salary entry").
 */
export function crudMessages(plural: string, singular: string, entry = singular) {
  return {
    list: `${plural} fetched successfully`,
    all: `${plural} fetched successfully`,
    get: `${singular} fetched successfully`,
    created: `${entry} created successfully`,
    updated: `${entry} updated successfully`,
    deleted: `${entry} deleted successfully`,
    notFound: `${entry} not found`,
  };
}
